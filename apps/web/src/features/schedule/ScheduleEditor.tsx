import type { TScheduleEntry } from '@zaryad/contracts';
import { Alert, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScheduleDayRow } from '@/features/schedule/ScheduleDayRow';
import {
  addBreak,
  createDefaultDraft,
  draftFromEntries,
  draftProblems,
  entriesFromDraft,
  removeBreak,
  setAllWorking,
  setBreakForAll,
  setBreakTime,
  setDayTime,
  setDayWorking,
  type TScheduleDraft,
} from '@/features/schedule/scheduleModel';
import { contractMessage } from '@/lib/contractMessage';

export type TScheduleEditorProps = {
  open: boolean;
  /** The schedule to start from (flat entries; `flattenSchedule()` turns an API answer into them). Empty: the default. */
  value: readonly TScheduleEntry[];
  /** Receives the working days and their breaks; the editor then resets to the default seven days. */
  onSave: (entries: TScheduleEntry[]) => void;
  onCancel: () => void;
};

/** The operating-mode modal of docs/product/stations.md#2-screens, shared by the merchant and station forms. */
export const ScheduleEditor = ({ open, value, onSave, onCancel }: TScheduleEditorProps) => {
  const { t } = useTranslation(['schedule', 'common']);
  const [draft, setDraft] = useState<TScheduleDraft>(createDefaultDraft);
  const [wasOpen, setWasOpen] = useState(false);
  // Each opening starts from the caller's schedule (state adjusted during render, not in an effect).
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDraft(draftFromEntries(value));
    }
  }

  const working = draft.rows.filter((row) => row.isWorking).length;
  const problems = draftProblems(draft);
  const messages = [...new Set(problems.map((problem) => contractMessage(problem.message)))];

  const save = () => {
    if (problems.length > 0) {
      return;
    }
    onSave(entriesFromDraft(draft));
    setDraft(createDefaultDraft());
  };

  return (
    <Modal
      open={open}
      title={t('title')}
      width={820}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ disabled: problems.length > 0 }}
      onOk={save}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Checkbox
        checked={working === draft.rows.length}
        indeterminate={working > 0 && working < draft.rows.length}
        onChange={(event) => {
          setDraft((current) => setAllWorking(current, event.target.checked));
        }}
        style={{ marginBottom: 4 }}
      >
        {t('allDays')}
      </Checkbox>
      {draft.rows.map((row) => (
        <ScheduleDayRow
          key={row.day}
          row={row}
          isBreakShared={draft.sharedBreakDay === row.day}
          onWorkingChange={(isWorking) => {
            setDraft((current) => setDayWorking(current, row.day, isWorking));
          }}
          onTimeChange={(field, time) => {
            setDraft((current) => setDayTime(current, row.day, field, time));
          }}
          onAddBreak={() => {
            setDraft((current) => addBreak(current, row.day));
          }}
          onRemoveBreak={() => {
            setDraft((current) => removeBreak(current, row.day));
          }}
          onBreakTimeChange={(field, time) => {
            setDraft((current) => setBreakTime(current, row.day, field, time));
          }}
          onBreakForAllChange={(isOn) => {
            setDraft((current) => setBreakForAll(current, row.day, isOn));
          }}
        />
      ))}
      {messages.length > 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 12 }}
          title={t('invalid')}
          description={messages.join('. ')}
        />
      ) : null}
    </Modal>
  );
};
