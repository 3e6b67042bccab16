import {
  STATUS,
  type TBulkStatusBody,
  type TBulkStatusFilterBody,
  type TBulkStatusUpdated,
  type TStatus,
} from '@zaryad/contracts';
import { Button, Modal } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBulkState, type TBulkState, type TStatusRecord } from '@/components/bulk-status/bulkStatus';
import { useActionError } from '@/components/feedback/useActionError';
import { TextSpan } from '@/components/text/TextSpan';
import { useNumberFormat } from '@/lib/useNumberFormat';

/**
 * Every record matching the list's filter is selected (issue 31): how many, their status (`mixed` when they differ,
 * `undefined` while it is being found out) and the filter the change sends instead of ids.
 */
export type TAllMatching = {
  total: number;
  status: TStatus | 'mixed' | undefined;
  filter: TBulkStatusFilterBody['filter'];
};

export type TBulkStatusButtonProps<T extends TStatusRecord> = {
  selected: readonly T[];
  /** Given, the selection is every matching record rather than `selected`. */
  allMatching?: TAllMatching;
  /** Sends `PATCH .../statuses/`; resolves with the updated records, or `{updated}` for a change by filter. */
  onConfirm: (body: TBulkStatusBody | TBulkStatusFilterBody) => Promise<T[] | TBulkStatusUpdated>;
  /** Called once the change is made, to merge the records into the list (mergeById) and clear the selection. */
  onSuccess?: (updated: T[] | TBulkStatusUpdated) => void;
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

/** Activates or deactivates the selected rows after a confirmation (docs/product/common.md#4-states-and-rules). */
/** The bulk state of every matching record: their common status decides, as the selected rows' does. */
const allMatchingState = ({ total, status }: TAllMatching): TBulkState =>
  status === STATUS.active || status === STATUS.inactive
    ? { kind: 'ready', count: total, active: status !== STATUS.active }
    : { kind: 'mixed', count: total };

export const BulkStatusButton = <T extends TStatusRecord>({
  selected,
  allMatching,
  onConfirm,
  onSuccess,
  wording = 'activation',
}: TBulkStatusButtonProps<T>) => {
  const { t } = useTranslation('kit');
  const figures = useNumberFormat();
  const showError = useActionError();
  const mixedHintId = useId();
  const [isOpen, setIsOpen] = useState(false);
  // The confirmation mounts at its first opening: antd generates Modal's styles when it first renders, and the button
  // is in every list's first frame.
  const [hasModal, setHasModal] = useState(false);
  if (isOpen && !hasModal) {
    setHasModal(true);
  }
  const [isSaving, setIsSaving] = useState(false);
  const state = allMatching ? allMatchingState(allMatching) : getBulkState(selected);
  const words = WORDS[wording];
  const count = state.kind === 'empty' ? 0 : state.count;

  const label = state.kind === 'ready' ? t(state.active ? words.on : words.off) : t('bulk.changeStatus');

  const confirm = async () => {
    if (state.kind !== 'ready') {
      return;
    }
    setIsSaving(true);
    try {
      const updated = await onConfirm(
        allMatching
          ? { filter: allMatching.filter, active: state.active }
          : { ids: selected.map((record) => record.id), active: state.active },
      );
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
      {/* While the status of every matching record is being found out, the button waits without a hint. */}
      {state.kind === 'mixed' && !(allMatching && allMatching.status === undefined) ? (
        <TextSpan id={mixedHintId} tone="secondary">
          {t('bulk.mixed')}
        </TextSpan>
      ) : null}
      {hasModal && (
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
      )}
    </>
  );
};
