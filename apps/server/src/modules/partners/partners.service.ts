import {
  type TBulkStatusBody,
  type TPaged,
  type TRentalPartner,
  type ZRentalPartnerCreateBody,
  type ZRentalPartnerListQuery,
  type ZRentalPartnerUpdateBody,
} from '@zaryad/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { FieldErrors, notFound } from '../../http/api-errors';
import { changeStatuses, changeStatusesWhere } from '../../platform/bulk-status';
import { toStatus } from '../../platform/status';
import { allOf, descending, queryList, searchAny, statusFilter } from '../../platform/list-query';
import { recordAudit, type TActor } from '../audit';
import { rentalPartners } from './partners.tables';

type TPartnerCreate = z.output<typeof ZRentalPartnerCreateBody>;
type TPartnerUpdate = z.output<typeof ZRentalPartnerUpdateBody>;
type TPartnerListFilter = z.output<typeof ZRentalPartnerListQuery>;
type TPartnerRow = typeof rentalPartners.$inferSelect;

const toPartner = (row: TPartnerRow): TRentalPartner => ({
  id: row.id,
  name: row.name,
  legal_entity: row.legalEntity,
  contact_person: row.contactPerson,
  phone: row.phone,
  email: row.email,
  agreement_number: row.agreementNumber,
  percentage: row.percentage,
  start_date: row.startDate,
  end_date: row.endDate,
  status: toStatus(row.status),
  created_at: row.createdAt.toISOString(),
});

/** 12.5 is stored as numeric(5,2) and answered as '12.50'. */
const toNumeric = (value: number) => value.toFixed(2);

export interface PartnersService {
  list(filter: TPartnerListFilter): Promise<TPaged<TRentalPartner>>;
  get(id: number): Promise<TRentalPartner>;
  create(body: TPartnerCreate, actor: TActor): Promise<TRentalPartner>;
  update(id: number, body: TPartnerUpdate, actor: TActor): Promise<TRentalPartner>;
  setStatuses(body: TBulkStatusBody, actor: TActor): Promise<TRentalPartner[]>;
  /** Every partner the list shows with `filter` (issue 31). */
  setStatusesWhere(body: { filter: TPartnerListFilter; active: boolean }, actor: TActor): Promise<{ updated: number }>;
}

/** The partners the list shows for a filter: the list and the bulk change by filter read the same rows. */
const listConditions = (filter: TPartnerListFilter) =>
  allOf(
    searchAny(filter.search, [rentalPartners.name, rentalPartners.legalEntity, rentalPartners.agreementNumber]),
    statusFilter(rentalPartners.status, filter.active),
  );

export const createPartnersService = (db: Database): PartnersService => {
  const findRow = async (id: number) => {
    const [row] = await db.select().from(rentalPartners).where(eq(rentalPartners.id, id)).limit(1);
    if (!row) {
      throw notFound();
    }
    return row;
  };

  return {
    async list(filter) {
      const source = {
        table: rentalPartners,
        id: rentalPartners.id,
        where: listConditions(filter),
        order: descending(rentalPartners.createdAt, rentalPartners.id),
      };
      return queryList(db, source, filter, async (ids) =>
        (await db.select().from(rentalPartners).where(inArray(rentalPartners.id, ids))).map(toPartner),
      );
    },

    async get(id) {
      return toPartner(await findRow(id));
    },

    async create(body, actor) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(rentalPartners)
          .values({
            name: body.name,
            legalEntity: body.legal_entity,
            contactPerson: body.contact_person,
            phone: body.phone,
            email: body.email,
            agreementNumber: body.agreement_number,
            percentage: toNumeric(body.percentage),
            startDate: body.start_date,
            endDate: body.end_date,
          })
          .returning();
        if (!row) {
          throw new Error('rental partner insert returned no row');
        }
        await recordAudit(tx, { actor, action: 'create', entity: 'rental_partner', entityId: row.id, after: body });
        return toPartner(row);
      });
    },

    async update(id, body, actor) {
      const current = await findRow(id);
      // A PATCH may send one date only: the pair is checked against the stored other one.
      const startDate = body.start_date ?? current.startDate;
      const endDate = body.end_date === undefined ? current.endDate : body.end_date;
      if (endDate !== null && endDate < startDate) {
        throw new FieldErrors({ end_date: ['end_before_start'] });
      }
      const values: Partial<typeof rentalPartners.$inferInsert> = {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.legal_entity !== undefined && { legalEntity: body.legal_entity }),
        ...(body.contact_person !== undefined && { contactPerson: body.contact_person }),
        ...(body.phone !== undefined && { phone: body.phone }),
        ...(body.email !== undefined && { email: body.email }),
        ...(body.agreement_number !== undefined && { agreementNumber: body.agreement_number }),
        ...(body.percentage !== undefined && { percentage: toNumeric(body.percentage) }),
        ...(body.start_date !== undefined && { startDate: body.start_date }),
        ...(body.end_date !== undefined && { endDate: body.end_date }),
      };
      if (Object.keys(values).length === 0) {
        return toPartner(current);
      }
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(rentalPartners)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(rentalPartners.id, id))
          .returning();
        if (!row) {
          throw notFound();
        }
        await recordAudit(tx, { actor, action: 'update', entity: 'rental_partner', entityId: id, before: toPartner(current), after: body });
        return toPartner(row);
      });
    },

    async setStatuses(body, actor) {
      const rows = await changeStatuses(db, body, {
        table: rentalPartners,
        entity: 'rental_partner',
        actor,
        recordAudit,
      });
      return rows.map(toPartner);
    },

    async setStatusesWhere({ filter, active }, actor) {
      const where = listConditions(filter);
      return changeStatusesWhere(db, {
        table: rentalPartners,
        entity: 'rental_partner',
        actor,
        recordAudit,
        where,
        active,
      });
    },
  };
};
