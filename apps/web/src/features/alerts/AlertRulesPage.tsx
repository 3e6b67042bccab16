import { ALERT_SEVERITIES, ALERT_THRESHOLD_LIMITS, type TAlertThresholds } from '@zaryad/contracts';
import type { TAlertRuleSetting } from '@zaryad/contracts/alerts-schemas';
import { Alert, App, Button, Card, Flex, Form, InputNumber, Select, Skeleton, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/permissions/permissions';
import { useAlertRules, useSaveAlertRule } from '@/features/alerts/api';
import { SEVERITY_COLORS } from '@/features/alerts/incidentText';
import { ApiError, errorMessage } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dateTime';

export { alertsTextsReady as textsReady } from '@/features/alerts/alertsTexts';

type TNumericThreshold = keyof typeof ALERT_THRESHOLD_LIMITS;
const NUMERIC: readonly TNumericThreshold[] = ['minutes', 'count', 'percent', 'minCharges'];

/** One rule's card: on or off, severity, its thresholds within their limits, saved on its own. */
const RuleCard = ({ setting, canManage }: { setting: TAlertRuleSetting; canManage: boolean }) => {
  const { t } = useTranslation('alerts');
  const { message } = App.useApp();
  const save = useSaveAlertRule();
  const [enabled, setEnabled] = useState(setting.enabled);
  const [severity, setSeverity] = useState(setting.severity);
  const [thresholds, setThresholds] = useState<TAlertThresholds>(setting.thresholds);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const keys = Object.keys(setting.defaults.thresholds) as (keyof TAlertThresholds)[];
  const isChanged =
    enabled !== setting.enabled ||
    severity !== setting.severity ||
    JSON.stringify(thresholds) !== JSON.stringify(setting.thresholds);

  const submit = async () => {
    setErrors({});
    try {
      await save.mutateAsync({ rule: setting.rule, body: { enabled, severity, thresholds } });
      void message.success(t('settings.saved'));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : null;
      if (fields) {
        setErrors(fields);
      }
      void message.error(errorMessage(error, t('settings.failed')));
    }
  };

  return (
    <Card
      size="small"
      data-testid={`alert-rule-${setting.rule}`}
      title={
        <Flex gap={8} align="center" wrap>
          <Switch
            checked={enabled}
            onChange={setEnabled}
            disabled={!canManage}
            aria-label={`${t(`rules.${setting.rule}`)}: ${t('settings.enabled')}`}
          />
          <span>{t(`rules.${setting.rule}`)}</span>
          <Tag color={SEVERITY_COLORS[severity]}>{t(`severities.${severity}`)}</Tag>
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t(`ruleHints.${setting.rule}`)}</Typography.Text>
        <Form layout="inline" component="div">
          <Form.Item
            label={t('settings.severity')}
            validateStatus={errors.severity ? 'error' : undefined}
            help={errors.severity?.join(' ')}
          >
            <Select
              style={{ width: 170 }}
              value={severity}
              onChange={setSeverity}
              disabled={!canManage}
              aria-label={t('settings.severity')}
              options={ALERT_SEVERITIES.map((value) => ({ value, label: t(`severities.${value}`) }))}
            />
          </Form.Item>
          {keys.map((key) => {
            const fieldErrors = errors[`thresholds.${key}`];
            if (key === 'includeUnavailable') {
              return (
                <Form.Item key={key} label={t('settings.includeUnavailable')}>
                  <Switch
                    checked={thresholds.includeUnavailable ?? false}
                    onChange={(value) => setThresholds({ ...thresholds, includeUnavailable: value })}
                    disabled={!canManage}
                    aria-label={t('settings.includeUnavailable')}
                  />
                </Form.Item>
              );
            }
            const limits = ALERT_THRESHOLD_LIMITS[key as TNumericThreshold];
            return NUMERIC.includes(key as TNumericThreshold) ? (
              <Form.Item
                key={key}
                label={t(`settings.${key as TNumericThreshold}`)}
                validateStatus={fieldErrors ? 'error' : undefined}
                help={fieldErrors?.join(' ') ?? t('settings.limits', limits)}
              >
                <InputNumber
                  min={limits.min}
                  max={limits.max}
                  precision={0}
                  value={thresholds[key as TNumericThreshold]}
                  onChange={(value) => setThresholds({ ...thresholds, [key]: value ?? undefined })}
                  disabled={!canManage}
                  aria-label={t(`settings.${key as TNumericThreshold}`)}
                />
              </Form.Item>
            ) : null;
          })}
        </Form>
        <Flex gap={12} align="center" justify="space-between" wrap>
          <Typography.Text type="secondary">
            {setting.clears ? t('settings.clears') : t('settings.staysOpen')}
            {setting.updated_at && setting.updated_by
              ? ` · ${t('settings.updated', { date: formatDateTime(setting.updated_at), name: setting.updated_by.name })}`
              : ''}
          </Typography.Text>
          {canManage && (
            <Button type="primary" onClick={() => void submit()} loading={save.isPending} disabled={!isChanged}>
              {t('settings.save')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
};

/** `/settings/alerts` (docs/product/alerts.md#2-screens): every alert rule, each saved on its own (alerts.manage). */
export const AlertRulesPage = () => {
  const { t } = useTranslation('alerts');
  const rules = useAlertRules();
  const canManage = useCan('alerts.manage');
  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('rulesTitle')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('settings.intro')}</Typography.Text>
      {!canManage && <Alert type="info" showIcon message={t('settings.readOnly')} />}
      {rules.isLoading && <Skeleton active />}
      {rules.isError && <Alert type="error" showIcon message={errorMessage(rules.error, t('settings.failed'))} />}
      {rules.data?.items.map((setting) => (
        <RuleCard key={`${setting.rule}:${setting.updated_at ?? ''}`} setting={setting} canManage={canManage} />
      ))}
    </Flex>
  );
};
