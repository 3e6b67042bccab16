import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { expect, test, vi } from 'vitest';
import { PhoneInput } from '@/components/phone-input/PhoneInput';
import { renderWithKit } from '@/components/test-render';

const PhoneForm = ({ onFinish, initial }: { onFinish: (values: { phone: string }) => void; initial?: string }) => (
  <Form onFinish={onFinish} initialValues={{ phone: initial }}>
    <Form.Item name="phone" label="Phone">
      <PhoneInput />
    </Form.Item>
    <Button htmlType="submit">Send</Button>
  </Form>
);

test('typed digits fill the mask and the form receives the 12 digits', async () => {
  const onFinish = vi.fn();
  renderWithKit(<PhoneForm onFinish={onFinish} />);
  const input = screen.getByLabelText('Phone') as HTMLInputElement;
  expect(input.placeholder).toBe('+996 (___) __-__-__');
  await userEvent.type(input, '996555123456789');
  expect(input.value).toBe('+996 (555) 12-34-56');
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  await vi.waitFor(() => {
    expect(onFinish).toHaveBeenCalledWith({ phone: '996555123456' });
  });
});

test('a stored number is shown masked and can be shortened with Backspace', async () => {
  renderWithKit(<PhoneForm onFinish={vi.fn()} initial="996700112233" />);
  const input = screen.getByLabelText('Phone') as HTMLInputElement;
  expect(input.value).toBe('+996 (700) 11-22-33');
  await userEvent.type(input, '{Backspace}{Backspace}{Backspace}');
  expect(input.value).toBe('+996 (700) 11-2');
});
