import type { TBulkStatusBody } from '@zaryad/contracts';
import { Button, Modal } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBulkState, type TStatusRecord } from '@/components/bulk-status/bulkStatus';
import { useActionError } from '@/components/feedback/useActionError';
import { TextSpan } from '@/components/text/TextSpan';
import { useNumberFormat } from '@/lib/useNumberFormat';

export type TBulkStatusButtonProps<T extends TStatusRecord> = {
  selected: readonly T[];
  /** Sends `PATCH .../statuses/`; resolves with the updated records. */
  onConfirm: (body: TBulkStatusBody) => Promise<T[]>;
  /** Receives the updated records, to merge into the list (mergeById) and clear the selection. */
  onSuccess?: (updated: T[]) => void;
  /** Dashboard accounts are blocked and unblocked rather than deactivated and activated. */
  wording?: 'activation' | 'blocking';
};

const WORDS = {
  activation: {
    on: 'bulk.activate',
    off: 'bulk.deactivate',
    confirmOn: 'bulk.confirmActivate',
    confirmOff: 'bulk.confirmDeactivate',
  },
  blocking: {
    on: 'bulk.unblock',
    off: 'bulk.block',
    confirmOn: 'bulk.confirmUnblock',
    confirmOff: 'bulk.confirmBlock',
  },
} as const;

/** Activates or deactivates the selected rows after a confirmation (SPEC.md section 4). */
export const BulkStatusButton = <T extends TStatusRecord>({
  selected,
  onConfirm,
  onSuccess,
  wording = 'activation',
}: TBulkStatusButtonProps<T>) => {
  const { t } = useTranslation('kit');
  const figures = useNumberFormat();
  const showError = useActionError();
  const mixedHintId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const state = getBulkState(selected);
  const words = WORDS[wording];
  const count = state.kind === 'empty' ? 0 : state.count;

  const label = state.kind === 'ready' ? t(state.active ? words.on : words.off) : t('bulk.changeStatus');

  const confirm = async () => {
    if (state.kind !== 'ready') {
      return;
    }
    setIsSaving(true);
    try {
      const updated = await onConfirm({ ids: selected.map((record) => record.id), active: state.active });
      setIsOpen(false);
      onSuccess?.(updated);
    } catch (error) {
      setIsOpen(false);
      showError(error);
    } finally {
      setIsSaving(false);
    }
  };

  const button = (
    <Button
      type="primary"
      ghost={state.kind === 'ready' && !state.active}
      disabled={state.kind !== 'ready'}
      aria-describedby={state.kind === 'mixed' ? mixedHintId : undefined}
      onClick={() => {
        setIsOpen(true);
      }}
    >
      {label} ({figures.count(count)})
    </Button>
  );

  return (
    <>
      {button}
      {/* Said in words, not in a tooltip: a disabled button gets no hover or focus to show one. */}
      {state.kind === 'mixed' ? (
        <TextSpan id={mixedHintId} tone="secondary">
          {t('bulk.mixed')}
        </TextSpan>
      ) : null}
      <Modal
        open={isOpen}
        title={t('bulk.confirmTitle')}
        okText={label}
        cancelText={t('actions.cancel')}
        confirmLoading={isSaving}
        onOk={() => {
          void confirm();
        }}
        onCancel={() => {
          setIsOpen(false);
        }}
      >
        {state.kind === 'ready'
          ? t(state.active ? words.confirmOn : words.confirmOff, { count: figures.count(count) })
          : null}
      </Modal>
    </>
  );
};
