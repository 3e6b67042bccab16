import { CONNECTOR_INPUT_KEYS, type TConnectorInput, type TScheduleEntry } from '@zaryad/contracts';
import { toScalars, type TStationChanges } from '@/features/stations/form/changes';
import type { TStationFormValues } from '@/features/stations/form/formValues';
import { toConnectorInputs, type TModuleDraft } from '@/features/stations/form/modules';

const appendSchedule = (form: FormData, schedule: readonly TScheduleEntry[]) => {
  schedule.forEach((entry, index) => {
    form.append(`schedule[${index}]day`, String(entry.day));
    form.append(`schedule[${index}]start_time`, entry.start_time);
    form.append(`schedule[${index}]end_time`, entry.end_time);
    form.append(`schedule[${index}]is_break`, String(entry.is_break));
  });
};

/** Empty lists: an explicit `null` cable length or personal tariff is sent as the word the server reads as none. */
const appendConnectors = (form: FormData, connectors: readonly TConnectorInput[]) => {
  connectors.forEach((connector, index) => {
    // The contract's keys that the form's connector has (it sets no evse_label).
    for (const key of CONNECTOR_INPUT_KEYS.filter((name) => name in connector)) {
      const value = connector[key];
      form.append(`connectors[${index}]${key}`, value === null || value === undefined ? 'null' : String(value));
    }
  });
};

const appendMedia = (form: FormData, files: readonly File[]) => {
  files.forEach((file, index) => {
    form.append(`media_files[${index}]content`, file, file.name);
  });
};

const appendRepeated = (form: FormData, name: string, ids: readonly number[]) => {
  for (const id of ids) {
    form.append(name, String(id));
  }
};

/** POST /stations/: everything, with the merchant (docs/product/stations.md#7-calls). */
export const buildCreateForm = (merchant: number, values: TStationFormValues, modules: readonly TModuleDraft[]) => {
  const form = new FormData();
  form.append('merchant', String(merchant));
  for (const [name, value] of Object.entries(toScalars(values))) {
    form.append(name, value);
  }
  appendRepeated(
    form,
    'tags',
    values.tags.map((item) => item.id),
  );
  appendRepeated(
    form,
    'environment',
    values.environment.map((item) => item.id),
  );
  appendSchedule(form, values.schedule);
  appendConnectors(form, toConnectorInputs(modules));
  appendMedia(
    form,
    [...values.photos, ...values.videos].flatMap((item) => (item.file ? [item.file] : [])),
  );
  const avatar = values.avatar[0]?.file;
  if (avatar) {
    form.append('avatar', avatar, avatar.name);
  }
  return form;
};

/** PATCH /stations/update/{id}/: only what changed; emptied tag lists go as delete_tags / delete_environment. */
export const buildUpdateForm = (changes: TStationChanges) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(changes.scalars)) {
    form.append(name, value);
  }
  if (changes.tags) {
    if (changes.tags.length === 0) {
      form.append('delete_tags', 'true');
    }
    appendRepeated(form, 'tags', changes.tags);
  }
  if (changes.environment) {
    if (changes.environment.length === 0) {
      form.append('delete_environment', 'true');
    }
    appendRepeated(form, 'environment', changes.environment);
  }
  if (changes.schedule) {
    appendSchedule(form, changes.schedule);
  }
  changes.deletedMediaIds.forEach((id, index) => {
    form.append(`deleted_media_ids[${index}]`, String(id));
  });
  appendMedia(form, changes.newMedia);
  if (changes.avatar) {
    form.append('avatar', changes.avatar, changes.avatar.name);
  }
  return form;
};
