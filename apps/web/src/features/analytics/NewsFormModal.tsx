import type { TNews, TNewsInput } from '@zaryad/contracts/analytics';
import { App, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveNews } from '@/features/analytics/api';
import { ApiError, errorMessage } from '@/lib/apiError';
import { requiredRule } from '@/lib/formRules';

const LANGUAGES = [
  ['ru', 'RU'],
  ['en', 'ENG'],
  ['ky', 'KG'],
] as const;

type TNewsFormValues = Omit<TNewsInput, 'date'> & { date: Dayjs };

export type TNewsFormTarget = { news: TNews | null } | null;

/** Posts or edits a news item: a title and a text in ru, en and ky, and its date. Server field errors land on fields. */
export const NewsFormModal = ({ target, onClose }: { target: TNewsFormTarget; onClose: () => void }) => {
  const { t } = useTranslation('analytics');
  const { t: tKit } = useTranslation('kit');
  const { message } = App.useApp();
  const [form] = Form.useForm<TNewsFormValues>();
  const save = useSaveNews();
  const editing = target?.news ?? null;

  useEffect(() => {
    if (target) {
      form.resetFields();
      form.setFieldsValue(
        editing
          ? { ...editing, date: dayjs(editing.date) }
          : { title_ru: '', title_en: '', title_ky: '', text_ru: '', text_en: '', text_ky: '', date: dayjs() },
      );
    }
  }, [target, editing, form]);

  const submit = async (values: TNewsFormValues) => {
    try {
      await save.mutateAsync({ id: editing?.id ?? null, body: { ...values, date: values.date.format('YYYY-MM-DD') } });
      void message.success(t(editing ? 'news.saved' : 'news.created'));
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : null;
      if (fields) {
        form.setFields(
          Object.entries(fields).map(([name, errors]) => ({ name: name as keyof TNewsFormValues, errors })),
        );
      } else {
        void message.error(errorMessage(error, tKit('errors.generic')));
      }
    }
  };

  return (
    <Modal
      open={target !== null}
      title={t(editing ? 'news.edit' : 'news.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={tKit('actions.save')}
      cancelText={tKit('actions.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} name="news">
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
      </Form>
    </Modal>
  );
};
