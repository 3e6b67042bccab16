import { checkSchedule, ZStationCreateFields, type TScheduleEntry } from '@zaryad/contracts';
import type { FormRule } from 'antd';
import type { TImageItem } from '@/components';
import { positionConflicts, type TModulesState } from '@/features/stations/form/modules';
import { contractMessage } from '@/lib/contractMessage';
import { zodRule } from '@/lib/formRules';

const fields = ZStationCreateFields.shape;

/** The contract's own checks and messages (docs/product/stations.md#5-validation), field by field. */
export const stationRules = {
  name: [zodRule(fields.name_ru)],
  address: [zodRule(fields.address_ru)],
  pic: [zodRule(fields.pic)],
  identity: [zodRule(fields.identity)],
  manufacturer: [zodRule(fields.manufacturer)],
  latitude: [zodRule(fields.latitude)],
  longitude: [zodRule(fields.longitude)],
  required: [{ required: true, message: contractMessage('required') }],
} satisfies Record<string, FormRule[]>;

/** On edit an empty password keeps the stored one; anything typed must pass the create rules. */
export const passwordRules = (isEdit: boolean): FormRule[] => [
  {
    validator: async (_rule, value: string | undefined) => {
      if (isEdit && (value ?? '') === '') {
        return;
      }
      const result = fields.password.safeParse(value ?? '');
      if (!result.success) {
        throw new Error(contractMessage(result.error.issues[0]?.message ?? 'invalid'));
      }
    },
  },
];

export const scheduleRules: FormRule[] = [
  {
    validator: async (_rule, value: TScheduleEntry[] | undefined) => {
      const [problem] = checkSchedule(value ?? []);
      if (problem) {
        throw new Error(contractMessage(problem.message));
      }
    },
  },
];

/** At least one image among the photos (videos do not count). */
export const photosRules: FormRule[] = [
  {
    validator: async (_rule, value: TImageItem[] | undefined) => {
      if ((value ?? []).length === 0) {
        throw new Error(contractMessage('media_required'));
      }
    },
  },
];

/** At least one connector, and no position twice. */
export const modulesRules: FormRule[] = [
  {
    validator: async (_rule, value: TModulesState | undefined) => {
      const modules = value?.modules ?? [];
      if (!modules.some((module) => module.connectors.length > 0)) {
        throw new Error(contractMessage('connectors_required'));
      }
      if (positionConflicts(modules).size > 0) {
        throw new Error(contractMessage('connector_position_duplicate'));
      }
    },
  },
];
