import {
  SAVED_VIEW_LIST_PERMISSIONS,
  type TPermission,
  type TSavedView,
  type TSavedViewList,
  type TSavedViewState,
} from '@zaryad/contracts';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError, notFound } from '../../http/api-errors';
import { accounts } from '../accounts';
import { savedViews } from './saved-views.tables';

/** Who asks: views are read and written as an account, within the lists its role may read. */
export interface ViewCaller {
  id: number;
  permissions: ReadonlySet<TPermission>;
}

const mayRead = (caller: ViewCaller, list: TSavedViewList) => {
  if (!caller.permissions.has(SAVED_VIEW_LIST_PERMISSIONS[list])) {
    throw new ApiError(403, 'permission_denied');
  }
};

const columns = {
  id: savedViews.id,
  list: savedViews.list,
  name: savedViews.name,
  shared: savedViews.shared,
  state: savedViews.state,
  accountId: savedViews.accountId,
  updatedAt: savedViews.updatedAt,
  ownerName: sql<string>`${accounts.lastName} || ' ' || ${accounts.firstName}`,
};

type ViewRow = {
  id: number;
  list: string;
  name: string;
  shared: boolean;
  state: TSavedViewState;
  accountId: number;
  updatedAt: Date;
  ownerName: string;
};

const toView = (row: ViewRow, caller: ViewCaller): TSavedView => ({
  id: row.id,
  list: row.list as TSavedViewList,
  name: row.name,
  shared: row.shared,
  state: row.state,
  owner: { id: row.accountId, name: row.ownerName },
  is_own: row.accountId === caller.id,
  updated_at: row.updatedAt.toISOString(),
});

/** The account's own views of the list and everyone's shared ones. */
const visible = (caller: ViewCaller) => or(eq(savedViews.accountId, caller.id), eq(savedViews.shared, true));

export const createSavedViewsService = (db: Database) => {
  const readOne = async (caller: ViewCaller, id: number) => {
    const [row] = await db
      .select(columns)
      .from(savedViews)
      .innerJoin(accounts, eq(accounts.id, savedViews.accountId))
      .where(and(eq(savedViews.id, id), visible(caller)));
    if (!row) {
      throw notFound();
    }
    mayRead(caller, row.list as TSavedViewList);
    return row;
  };

  /** A view the caller owns; another's shared view is readable but answers 403 to a change. */
  const owned = async (caller: ViewCaller, id: number) => {
    const row = await readOne(caller, id);
    if (row.accountId !== caller.id) {
      throw new ApiError(403, 'permission_denied');
    }
    return row;
  };

  return {
    /** The caller's own views first (by name), then the others' shared ones (by name). */
    async list(caller: ViewCaller, list: TSavedViewList): Promise<TSavedView[]> {
      mayRead(caller, list);
      const rows = await db
        .select(columns)
        .from(savedViews)
        .innerJoin(accounts, eq(accounts.id, savedViews.accountId))
        .where(and(eq(savedViews.list, list), visible(caller)))
        .orderBy(sql`${savedViews.accountId} <> ${caller.id}`, asc(savedViews.name), asc(savedViews.id));
      return rows.map((row) => toView(row, caller));
    },

    async get(caller: ViewCaller, id: number) {
      return toView(await readOne(caller, id), caller);
    },

    async create(
      caller: ViewCaller,
      body: { list: TSavedViewList; name: string; shared: boolean; state: TSavedViewState },
    ): Promise<TSavedView> {
      mayRead(caller, body.list);
      const [row] = await db
        .insert(savedViews)
        .values({ accountId: caller.id, list: body.list, name: body.name, shared: body.shared, state: body.state })
        .returning({ id: savedViews.id });
      if (!row) {
        throw new Error('saved view insert returned nothing');
      }
      return toView(await readOne(caller, row.id), caller);
    },

    async update(
      caller: ViewCaller,
      id: number,
      body: { name?: string | undefined; shared?: boolean | undefined; state?: TSavedViewState | undefined },
    ): Promise<TSavedView> {
      await owned(caller, id);
      await db
        .update(savedViews)
        .set({
          ...(body.name !== undefined && { name: body.name }),
          ...(body.shared !== undefined && { shared: body.shared }),
          ...(body.state !== undefined && { state: body.state }),
          updatedAt: new Date(),
        })
        .where(eq(savedViews.id, id));
      return toView(await readOne(caller, id), caller);
    },

    async remove(caller: ViewCaller, id: number) {
      await owned(caller, id);
      await db.delete(savedViews).where(eq(savedViews.id, id));
    },
  };
};

export type SavedViewsService = ReturnType<typeof createSavedViewsService>;
