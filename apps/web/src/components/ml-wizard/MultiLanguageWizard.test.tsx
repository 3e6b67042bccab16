import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TLanguage } from '@zaryad/contracts';
import { Form, Input } from 'antd';
import { expect, test, vi } from 'vitest';
import { MultiLanguageWizard } from '@/components/ml-wizard/MultiLanguageWizard';
import { renderWithKit } from '@/components/test-render';

type TTagForm = { title_ru: string; title_en: string; title_ky: string };

const TagWizard = (props: {
  mode: 'create' | 'edit';
  onSubmit: (values: TTagForm) => void;
  onCancel?: () => void;
  initialValues?: Partial<TTagForm>;
}) => {
  const [form] = Form.useForm<TTagForm>();
  return (
    <MultiLanguageWizard<TTagForm>
      form={form}
      mode={props.mode}
      formProps={{ initialValues: props.initialValues }}
      fieldNames={(language: TLanguage) => [`title_${language}`]}
      fields={(language) => (
        <Form.Item
          name={`title_${language}`}
          label={`Title (${language.toUpperCase()})`}
          rules={[{ required: true, message: `Enter the title in ${language}` }]}
        >
          <Input />
        </Form.Item>
      )}
      onSubmit={props.onSubmit}
      onCancel={props.onCancel ?? vi.fn()}
    />
  );
};

const visibleTitle = (code: string) => screen.getByRole('textbox', { name: `Title (${code})` });

test('further validates the current language, then moves on; the last step creates', async () => {
  const onSubmit = vi.fn();
  renderWithKit(<TagWizard mode="create" onSubmit={onSubmit} />);
  expect(screen.getByText('RU')).toBeTruthy();
  expect(screen.getByText('KG')).toBeTruthy();
  expect(screen.queryByRole('textbox', { name: 'Title (EN)' })).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Further' }));
  expect(await screen.findByText('Enter the title in ru')).toBeTruthy();
  expect(visibleTitle('RU')).toBeTruthy();

  await userEvent.type(visibleTitle('RU'), 'Кафе');
  await userEvent.click(screen.getByRole('button', { name: 'Further' }));
  await userEvent.type(await waitFor(() => visibleTitle('EN')), 'Cafe');
  await userEvent.click(screen.getByRole('button', { name: 'Further' }));
  await userEvent.type(await waitFor(() => visibleTitle('KY')), 'Кафе');
  expect(screen.queryByRole('button', { name: 'Further' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  await waitFor(() => {
    expect(onSubmit).toHaveBeenCalledWith({ title_ru: 'Кафе', title_en: 'Cafe', title_ky: 'Кафе' });
  });
});

test('editing ends with save; back returns to the previous language', async () => {
  const onSubmit = vi.fn();
  renderWithKit(
    <TagWizard mode="edit" onSubmit={onSubmit} initialValues={{ title_ru: 'А', title_en: 'B', title_ky: 'C' }} />,
    { language: 'ru' },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Назад' }));
  expect(await waitFor(() => visibleTitle('RU'))).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Далее' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Сохранить' }));
  await waitFor(() => {
    expect(onSubmit).toHaveBeenCalledWith({ title_ru: 'А', title_en: 'B', title_ky: 'C' });
  });
});

test('cancel asks to confirm that all data will be lost', async () => {
  const onCancel = vi.fn();
  renderWithKit(<TagWizard mode="create" onSubmit={vi.fn()} onCancel={onCancel} />);
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(await screen.findByText('All entered data will be lost.')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Continue editing' }));
  expect(onCancel).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel' }));
  expect(onCancel).toHaveBeenCalledTimes(1);
});
