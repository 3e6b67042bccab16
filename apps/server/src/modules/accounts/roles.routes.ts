import {
  ZErrorBody,
  ZIdParam,
  ZRoleCreateBody,
  ZRoleDetails,
  ZRoleList,
  ZRoleUpdateBody,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import { deleteWhenInactiveResponses } from '../../platform/route-schemas';
import type { RolesService } from './roles.service';

const tags = ['accounts'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody };
const RULES =
  'Built-in roles are read-only. Nobody gives permissions they do not hold, nor changes a role holding more than they do (403).';

/** /api/v1/accounts/roles/: the roles accounts are given, with their permission matrix. */
export const rolesRoutes = (fastify: FastifyInstance, roles: RolesService) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/roles/',
    {
      config: { permission: 'roles.view' },
      schema: {
        tags,
        summary: 'Roles an account can have, built-in ones first, with their permissions and how many accounts hold each',
        response: { 200: ZRoleList, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => roles.list(request.language),
  );

  app.post(
    '/roles/',
    {
      config: { permission: 'roles.manage' },
      schema: {
        tags,
        summary: `Creates a custom role. ${RULES}`,
        body: ZRoleCreateBody,
        response: { 201: ZRoleDetails, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await roles.create(request.body, currentAccount(request), request.language)),
  );

  app.get(
    '/roles/:id/',
    {
      config: { permission: 'roles.view' },
      schema: {
        tags,
        summary: 'One role with its permissions',
        params: ZIdParam,
        response: { 200: ZRoleDetails, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => roles.get(request.params.id, request.language),
  );

  app.patch(
    '/roles/:id/',
    {
      config: { permission: 'roles.manage' },
      schema: {
        tags,
        summary: `Changes a custom role; \`permissions\` replaces the whole set and counts from its holders' next request. ${RULES}`,
        params: ZIdParam,
        body: ZRoleUpdateBody,
        response: { 200: ZRoleDetails, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => roles.update(request.params.id, request.body, currentAccount(request), request.language),
  );

  app.delete(
    '/roles/:id/',
    {
      config: { permission: 'roles.manage' },
      schema: {
        tags,
        summary: `Deletes a custom role no account holds; otherwise 400 with an array of messages saying how many hold it. ${RULES}`,
        params: ZIdParam,
        response: { ...deleteWhenInactiveResponses, 403: ZErrorBody },
      },
    },
    async (request, reply) => {
      await roles.remove(request.params.id, currentAccount(request));
      return reply.code(204).send(null);
    },
  );
};
