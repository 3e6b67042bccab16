import { HistoryOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/permissions/permissions';

// The drawer and its table load with the first click: the detail screens carry only this button.
const RecordHistory = lazy(async () => ({ default: (await import('@/features/audit/RecordHistory')).RecordHistory }));

/** 'History' on a record's details: opens the record's changes from the audit log, for a role that may read it. */
export const HistoryButton = ({ entity, id }: { entity: string; id: number }) => {
  const { t } = useTranslation('audit');
  const canReadLog = useCan('audit.view');
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  if (!canReadLog) {
    return null;
  }
  return (
    <>
      <Button
        icon={<HistoryOutlined aria-hidden />}
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        {t('history.button')}
      </Button>
      {wasOpened ? (
        <Suspense fallback={null}>
          <RecordHistory entity={entity} id={id} open={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
