import type { TNews, TNewsInput } from '@zaryad/contracts/analytics';
import { App, Button, DatePicker, Flex, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueDrawer } from '@/components/catalogue/CatalogueDrawer';
import { FormProblemAlert } from '@/components/form-shell/FormProblemAlert';
import { useFormSubmit } from '@/components/form-shell/useFormSubmit';
import { useSaveNews } from '@/features/analytics/api';
import { requiredRule } from '@/lib/formRules';

const LANGUAGES = [
  ['ru', 'RU'],
  ['en', 'ENG'],
  ['ky', 'KG'],
] as const;

type TNewsFormValues = Omit<TNewsInput, 'date'> & { date: Dayjs };

export type TNewsFormTarget = { news: TNews | null } | null;

/**
 * Posts or edits a news item in the catalogue drawer over the dashboard (the one way to create and edit a small
 * catalogue item, issue 33 item 6): a title and a text in ru, en and ky, and its date; sent through the form shell's submit
 * (server field errors on their fields, the alert, one send at a time). Mounted while open, so that each opening
 * starts from the item's values without the last one's alert.
 */
export const NewsFormModal = ({ target, onClose }: { target: TNewsFormTarget; onClose: () => void }) =>
  target ? <NewsFormDialog news={target.news} onClose={onClose} /> : null;

const NewsFormDialog = ({ news: editing, onClose }: { news: TNews | null; onClose: () => void }) => {
  const { t } = useTranslation('analytics');
  const { t: tKit } = useTranslation('kit');
  const { message } = App.useApp();
  const [form] = Form.useForm<TNewsFormValues>();
  const save = useSaveNews();
  const [initialValues] = useState<TNewsFormValues>(() =>
    editing
      ? { ...editing, date: dayjs(editing.date) }
      : { title_ru: '', title_en: '', title_ky: '', text_ru: '', text_en: '', text_ky: '', date: dayjs() },
  );

  const { submit, isSubmitting, problem, markInvalid } = useFormSubmit({
    form,
    onSubmit: (values: TNewsFormValues) =>
      save.mutateAsync({ id: editing?.id ?? null, body: { ...values, date: values.date.format('YYYY-MM-DD') } }),
    onSaved: () => {
      void message.success(t(editing ? 'news.saved' : 'news.created'));
      onClose();
    },
  });

  return (
    <CatalogueDrawer open title={t(editing ? 'news.edit' : 'news.add')} onClose={onClose}>
      <div style={problem.isInvalid ? { marginBottom: 16 } : undefined}>
        <FormProblemAlert problem={problem} />
      </div>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
        onFinishFailed={markInvalid}
        name="news"
      >
        {LANGUAGES.map(([language, label]) => (
          <div key={language}>
            <Form.Item
              name={`title_${language}`}
              label={t('news.title', { language: label })}
              rules={[requiredRule('blank'), { max: 200 }]}
            >
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name={`text_${language}`} label={t('news.text', { language: label })} rules={[{ max: 5000 }]}>
              <Input.TextArea rows={2} maxLength={5000} />
            </Form.Item>
          </div>
        ))}
        <Form.Item
          name="date"
          label={t('news.date')}
          rules={[{ ...requiredRule('required'), whitespace: false, type: 'object' }]}
        >
          <DatePicker format="DD.MM.YYYY" />
        </Form.Item>
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>{tKit('actions.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={isSubmitting}>
            {tKit('actions.save')}
          </Button>
        </Flex>
      </Form>
    </CatalogueDrawer>
  );
};
