import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TLanguage } from '@zaryad/contracts';
import { Form, Input } from 'antd';
import { afterEach, expect, test, vi } from 'vitest';
import { MultiLanguageWizard } from '@/components/ml-wizard/MultiLanguageWizard';
import { renderWithKit } from '@/components/test-render';

type TTagForm = { title_ru: string; title_en: string; title_ky: string };

afterEach(() => {
  vi.restoreAllMocks();
});

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

  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Enter the title in ru')).toBeTruthy();
  expect(visibleTitle('RU')).toBeTruthy();

  await userEvent.type(visibleTitle('RU'), 'Кафе');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.type(await waitFor(() => visibleTitle('EN')), 'Cafe');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.type(await waitFor(() => visibleTitle('KY')), 'Кафе');
  expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
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

type TPromoForm = TTagForm & { initiator: string; discount: string };

/** A page wizard with two fields of no language below the titles, as the promotion form has. */
const PromoWizard = ({ onSubmit }: { onSubmit: (values: TPromoForm) => void }) => {
  const [form] = Form.useForm<TPromoForm>();
  return (
    <MultiLanguageWizard<TPromoForm>
      form={form}
      mode="create"
      isPage
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
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    >
      <Form.Item name="initiator" label="Initiator" rules={[{ required: true, message: 'Choose the initiator' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="discount" label="Discount" rules={[{ required: true, message: 'Enter the discount' }]}>
        <Input />
      </Form.Item>
    </MultiLanguageWizard>
  );
};

test('the first step checks every field of no language, scrolls to the first error; each step starts at the top', async () => {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  renderWithKit(<PromoWizard onSubmit={vi.fn()} />);
  await userEvent.type(visibleTitle('RU'), 'Скидка');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));

  // Both shared fields are said at once, on the first step; the first of them is brought into view and focused.
  expect(await screen.findByText('Choose the initiator')).toBeTruthy();
  expect(screen.getByText('Enter the discount')).toBeTruthy();
  expect(visibleTitle('RU')).toBeTruthy();
  await waitFor(() => {
    expect(document.activeElement).toBe(screen.getByLabelText('Initiator'));
  });
  // The later languages are not checked yet: no error waits on them.
  expect(screen.queryByText('Enter the title in en')).toBeNull();
  expect(scrollTo).not.toHaveBeenCalled();

  await userEvent.type(screen.getByLabelText('Initiator'), 'Zaryad');
  await userEvent.type(screen.getByLabelText('Discount'), '10');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await waitFor(() => visibleTitle('EN'))).toBeTruthy();
  expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
  // The EN step opens clean: its title is not in an error state before its own 'next'.
  expect(screen.queryByText('Enter the title in en')).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Back' }));
  expect(await waitFor(() => visibleTitle('RU'))).toBeTruthy();
  expect(scrollTo).toHaveBeenCalledTimes(2);
});

test('Enter in a title is next; Ctrl+S saves from any step, showing the first step with an error', async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const onSubmit = vi.fn();
  renderWithKit(<PromoWizard onSubmit={onSubmit} />);
  await userEvent.type(screen.getByLabelText('Initiator'), 'Zaryad');
  await userEvent.type(screen.getByLabelText('Discount'), '10');
  await userEvent.type(visibleTitle('RU'), 'Скидка{Enter}');
  const english = await waitFor(() => visibleTitle('EN'));
  await userEvent.type(english, 'Discount');

  // Ctrl+S on EN with KY empty: nothing is sent, the KY step shows its error. The browser's own save is held back.
  expect(fireEvent.keyDown(english, { key: 's', code: 'KeyS', ctrlKey: true })).toBe(false);
  expect(await screen.findByText('Enter the title in ky')).toBeTruthy();
  expect(visibleTitle('KY')).toBeTruthy();
  expect(onSubmit).not.toHaveBeenCalled();

  await userEvent.type(visibleTitle('KY'), 'Арзандатуу');
  // Cmd+S on a Mac, and a Russian layout's key (ы) at the same place.
  fireEvent.keyDown(visibleTitle('KY'), { key: 'ы', code: 'KeyS', metaKey: true });
  await waitFor(() => {
    expect(onSubmit).toHaveBeenCalledWith({
      title_ru: 'Скидка',
      title_en: 'Discount',
      title_ky: 'Арзандатуу',
      initiator: 'Zaryad',
      discount: '10',
    });
  });
});
