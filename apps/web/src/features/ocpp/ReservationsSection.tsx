import { RESERVATION_MAX_HOURS, type TReservation, type TReservationResult } from '@zaryad/contracts/ocpp-auth';
import { Button, Card, DatePicker, Flex, Form, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionError } from '@/components/feedback/useActionError';
import { FormProblemAlert } from '@/components/form-shell/FormProblemAlert';
import { renamedFieldErrors } from '@/components/form-shell/placeFieldErrors';
import { useFormSubmit } from '@/components/form-shell/useFormSubmit';
import { toApiDateTime } from '@/components/period-field/periodValue';
import { CommandAnswer } from '@/features/ocpp/CommandAnswer';
import { ConnectorSelect, useConnectorIds } from '@/features/ocpp/ConnectorSelect';
import { DriverField, driverOf, type TDriverKind } from '@/features/ocpp/DriverField';
import { useReservationActions, useReservations } from '@/features/ocpp/api';
import { formatDateTime } from '@/lib/dates';

type TReserveValues = {
  connector_id: number;
  driverKind: TDriverKind;
  id_tag?: string;
  user_id?: number;
  expires_at: Dayjs;
};

const STATUS_COLORS: Record<TReservation['status'], string> = {
  active: 'blue',
  used: 'green',
  cancelled: 'default',
  expired: 'default',
  rejected: 'orange',
};

/** The server's messages of the driver's refinement go on the field the form shows. */
const placeReservationErrors = renamedFieldErrors({ non_field_errors: 'user_id' });

/**
 * ReserveNow: connector (or the whole charge point, which keeps one free for the driver), driver and expiry after a
 * confirmation; the reservation and the charge point's answer.
 */
const ReserveForm = ({ stationId }: { stationId: number }) => {
  const { t } = useTranslation(['ocpp', 'common']);
  const [form] = Form.useForm<TReserveValues>();
  const [firstConnector = 1] = useConnectorIds(stationId);
  const { reserve } = useReservationActions(stationId);
  const [answer, setAnswer] = useState<TReservationResult | null>(null);
  const [isAsking, setIsAsking] = useState(false);
  const { submit, isSubmitting, problem, markInvalid } = useFormSubmit<TReserveValues, TReservationResult>({
    form,
    onSubmit: (values) => {
      setAnswer(null);
      return reserve.mutateAsync({
        connector_id: values.connector_id,
        expires_at: toApiDateTime(values.expires_at),
        ...driverOf(values, 'id_tag', 'user_id'),
      });
    },
    onSaved: setAnswer,
    placeErrors: placeReservationErrors,
  });
  return (
    <Card size="small" title={t('reservations.reserve')} data-testid="cp-reserve">
      <Form<TReserveValues>
        name="cp-reserve"
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          connector_id: firstConnector,
          driverKind: 'user',
          expires_at: dayjs().add(1, 'hour').startOf('minute'),
        }}
        onFinish={(values) => void submit(values)}
        onFinishFailed={markInvalid}
      >
        <Flex vertical gap={8}>
          <FormProblemAlert problem={problem} />
          <Form.Item name="connector_id" label={t('actions.connector')} style={{ marginBottom: 0 }}>
            <ConnectorSelect stationId={stationId} withStation />
          </Form.Item>
          <DriverField idTagName="id_tag" userIdName="user_id" />
          <Form.Item
            name="expires_at"
            label={t('reservations.expiresAt')}
            extra={t('reservations.expiresHint', { hours: RESERVATION_MAX_HOURS })}
            rules={[{ required: true, message: t('actions.required') }]}
            style={{ marginBottom: 0 }}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Popconfirm
            title={t('reservations.reserve')}
            description={t('reservations.reserveConfirm')}
            open={isAsking}
            onOpenChange={(open) => {
              if (!open) {
                setIsAsking(false);
              }
            }}
            okText={t('reservations.reserveAction')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() => {
              setIsAsking(false);
              form.submit();
            }}
          >
            <Button
              loading={isSubmitting}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => {
                form.validateFields().then(
                  () => setIsAsking(true),
                  () => markInvalid(),
                );
              }}
            >
              {t('reservations.reserveAction')}
            </Button>
          </Popconfirm>
          <CommandAnswer answer={answer?.command ?? null} />
        </Flex>
      </Form>
    </Card>
  );
};

/** Reservation profile: ReserveNow, the station's reservations, and CancelReservation of an active one. */
export const ReservationsSection = ({ stationId, canManage }: { stationId: number; canManage: boolean }) => {
  const { t } = useTranslation(['ocpp', 'common']);
  const reservations = useReservations(stationId);
  const { cancel } = useReservationActions(stationId);
  const showError = useActionError();
  const [answer, setAnswer] = useState<TReservationResult | null>(null);
  const cancelOne = async (reservation: TReservation) => {
    setAnswer(null);
    try {
      setAnswer(await cancel.mutateAsync(reservation.id));
    } catch (error) {
      showError(error);
    }
  };
  const columns: TableColumnsType<TReservation> = [
    { key: 'id', title: '№', dataIndex: 'id', width: 70 },
    {
      key: 'connector',
      title: t('actions.connector'),
      render: (_v, row) =>
        row.connector_id === 0 ? t('actions.wholeStation') : t('connector', { id: row.connector_id }),
    },
    { key: 'driver', title: t('driver.label'), render: (_v, row) => row.user_name ?? row.id_tag },
    { key: 'expires', title: t('reservations.expiresAt'), render: (_v, row) => formatDateTime(row.expires_at) },
    {
      key: 'status',
      title: t('reservations.status'),
      render: (_v, row) => <Tag color={STATUS_COLORS[row.status]}>{t(`reservations.statuses.${row.status}`)}</Tag>,
    },
    ...(canManage
      ? [
          {
            key: 'cancel',
            title: '',
            render: (_v: unknown, row: TReservation) =>
              row.status === 'active' ? (
                <Popconfirm
                  title={t('reservations.cancelTitle')}
                  description={t('reservations.cancelConfirm', { id: row.id })}
                  okText={t('reservations.cancelAction')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common:actions.cancel')}
                  onConfirm={() => void cancelOne(row)}
                >
                  <Button size="small" danger loading={cancel.isPending && cancel.variables === row.id}>
                    {t('reservations.cancelAction')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]
      : []),
  ];
  const rows = reservations.data?.items ?? [];
  return (
    <Flex vertical gap={12} data-testid="cp-reservations">
      {canManage ? (
        <div style={{ maxWidth: 520 }}>
          <ReserveForm stationId={stationId} />
        </div>
      ) : null}
      <Card size="small" title={t('reservations.title')}>
        <Flex vertical gap={8}>
          <Table<TReservation>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={reservations.isFetching && !reservations.data}
            pagination={false}
            locale={{ emptyText: t('reservations.empty') }}
            scroll={rows.length ? { x: 'max-content' } : undefined}
          />
          <CommandAnswer answer={answer?.command ?? null} />
        </Flex>
      </Card>
    </Flex>
  );
};
