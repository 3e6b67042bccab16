import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { TDiagnosticsFile } from '@zaryad/contracts/ocpp-firmware';
import { App, Button, Card, DatePicker, Flex, Form, Input, Select, Table, Upload, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionError } from '@/components/feedback/useActionError';
import { toApiDateTime } from '@/components/period-field/periodValue';
import { CommandForm } from '@/features/ocpp/CommandForm';
import { DIAGNOSTICS_STEPS, FIRMWARE_STEPS, ProgressLine } from '@/features/ocpp/ProgressLine';
import { useDiagnosticsFiles, useFirmwareFiles, useFirmwareProgress, useUploadFirmware } from '@/features/ocpp/api';
import { formatDateTime } from '@/lib/dates';
import { downloadFile } from '@/lib/download';
import { useNumberFormat } from '@/lib/useNumberFormat';

type TUpdateValues = { firmwareId: number; retrieveDate?: Dayjs | null };

const grid = { display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 460px), 1fr))' };

/** A firmware file to Zaryad (POST /ocpp/firmware/): chosen, labelled with a version, sent; it becomes a choice. */
const FirmwareUpload = ({ onUploaded }: { onUploaded: (id: number) => void }) => {
  const { t } = useTranslation('ocpp');
  const { message } = App.useApp();
  const upload = useUploadFirmware();
  const showError = useActionError();
  const [version, setVersion] = useState('');
  return (
    <Flex gap={8} wrap align="end">
      <Input
        aria-label={t('firmwarePanel.version')}
        placeholder={t('firmwarePanel.version')}
        value={version}
        maxLength={50}
        onChange={(event) => setVersion(event.target.value)}
        style={{ width: 160 }}
      />
      <Upload
        showUploadList={false}
        beforeUpload={(file) => {
          upload.mutate(
            { file, version: version.trim() || undefined },
            {
              onSuccess: (saved) => {
                void message.success(t('firmwarePanel.uploaded', { name: saved.file_name }));
                setVersion('');
                onUploaded(saved.id);
              },
              onError: showError,
            },
          );
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending}>
          {t('firmwarePanel.upload')}
        </Button>
      </Upload>
    </Flex>
  );
};

/**
 * Firmware Management: a firmware file uploaded and sent with UpdateFirmware (retrieve date), the firmware status
 * line; GetDiagnostics, its status line, and the files the charge point uploaded, each downloadable.
 */
export const FirmwareSection = ({ stationId, canManage }: { stationId: number; canManage: boolean }) => {
  const { t } = useTranslation('ocpp');
  const { count } = useNumberFormat();
  const showError = useActionError();
  const progress = useFirmwareProgress(stationId);
  const firmware = useFirmwareFiles();
  const [page, setPage] = useState(1);
  const diagnostics = useDiagnosticsFiles(stationId, page);
  const [chosen, setChosen] = useState<number | null>(null);
  const files = firmware.data?.items ?? [];
  const firmwareState = progress.data?.firmware;
  const diagnosticsState = progress.data?.diagnostics;
  const columns: TableColumnsType<TDiagnosticsFile> = [
    { key: 'name', title: t('firmwarePanel.fileName'), dataIndex: 'file_name' },
    {
      key: 'size',
      title: t('firmwarePanel.size'),
      render: (_v, row) => t('firmwarePanel.bytes', { size: count(row.size_bytes) }),
      width: 110,
    },
    { key: 'time', title: t('firmwarePanel.uploadedAt'), render: (_v, row) => formatDateTime(row.created_at) },
    {
      key: 'download',
      title: t('firmwarePanel.download'),
      render: (_v, row) => (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          aria-label={t('firmwarePanel.downloadFile', { name: row.file_name })}
          onClick={() =>
            void downloadFile({
              path: `/ocpp/stations/${stationId}/diagnostics/${row.id}/`,
              query: {},
              fallbackName: row.file_name,
            }).catch(showError)
          }
        />
      ),
    },
  ];
  return (
    <div style={grid}>
      <Card size="small" title={t('firmwarePanel.firmwareTitle')} data-testid="cp-firmware">
        <Flex vertical gap={12}>
          <ProgressLine
            kind="firmware"
            line={FIRMWARE_STEPS}
            status={firmwareState?.status ?? null}
            statusAt={firmwareState?.status_at ?? null}
          />
          {firmwareState?.requested ? (
            <span>
              {t('firmwarePanel.requested', {
                name: firmwareState.requested.file_name,
                time: formatDateTime(firmwareState.requested_at),
              })}
            </span>
          ) : null}
          {canManage ? (
            <>
              <FirmwareUpload onUploaded={setChosen} />
              <CommandForm<TUpdateValues>
                key={chosen ?? 0}
                stationId={stationId}
                testId="cp-update-firmware"
                title={t('firmwarePanel.update')}
                confirm={t('firmwarePanel.updateConfirm')}
                submitLabel={t('firmwarePanel.updateAction')}
                initialValues={chosen ? { firmwareId: chosen } : {}}
                toBody={(values) => ({
                  action: 'UpdateFirmware',
                  payload: {
                    firmwareId: values.firmwareId,
                    ...(values.retrieveDate ? { retrieveDate: toApiDateTime(values.retrieveDate) } : {}),
                  },
                })}
              >
                <Form.Item
                  name="firmwareId"
                  label={t('firmwarePanel.file')}
                  rules={[{ required: true, message: t('firmwarePanel.fileRequired') }]}
                  style={{ marginBottom: 0 }}
                >
                  <Select
                    loading={firmware.isFetching}
                    options={files.map((file) => ({
                      value: file.id,
                      label: file.version ? `${file.file_name} (${file.version})` : file.file_name,
                    }))}
                    notFoundContent={t('firmwarePanel.noFiles')}
                  />
                </Form.Item>
                <Form.Item
                  name="retrieveDate"
                  label={t('firmwarePanel.retrieveDate')}
                  extra={t('firmwarePanel.retrieveNow')}
                  style={{ marginBottom: 0 }}
                >
                  <DatePicker showTime={{ format: 'HH:mm' }} format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} />
                </Form.Item>
              </CommandForm>
            </>
          ) : null}
        </Flex>
      </Card>
      <Card size="small" title={t('firmwarePanel.diagnosticsTitle')} data-testid="cp-diagnostics">
        <Flex vertical gap={12}>
          <ProgressLine
            kind="diagnostics"
            line={DIAGNOSTICS_STEPS}
            status={diagnosticsState?.status ?? null}
            statusAt={diagnosticsState?.status_at ?? null}
          />
          {canManage ? (
            <CommandForm<object>
              stationId={stationId}
              testId="cp-get-diagnostics"
              title={t('firmwarePanel.getDiagnostics')}
              confirm={t('firmwarePanel.getDiagnosticsConfirm')}
              submitLabel={t('firmwarePanel.getDiagnosticsAction')}
              toBody={() => ({ action: 'GetDiagnostics', payload: {} })}
            />
          ) : null}
          <Table<TDiagnosticsFile>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={diagnostics.data?.items ?? []}
            loading={diagnostics.isFetching && !diagnostics.data}
            title={() => t('firmwarePanel.files')}
            locale={{ emptyText: t('firmwarePanel.noDiagnostics') }}
            pagination={{
              current: page,
              pageSize: 5,
              total: diagnostics.data?.total ?? 0,
              onChange: setPage,
              showSizeChanger: false,
              hideOnSinglePage: true,
            }}
            scroll={diagnostics.data?.items.length ? { x: 'max-content' } : undefined}
          />
        </Flex>
      </Card>
    </div>
  );
};
