import { LIMITS, STATUS, zEmail, zOptionalText, zPhone, zRequiredText } from '@zaryad/contracts';
import { Col, Form, Input, Switch } from 'antd';
import type { ReactNode } from 'react';
import { PhoneInput } from '@/components/phone-input/PhoneInput';
import { zodRule } from '@/lib/formRules';

// The fields the record forms (accounts, merchants, partners, stations) draw alike: half a row wide on a wide screen,
// the whole row on a phone, checked by the contracts' own schemas so that the screen says what the server would.

/** Half a form row from the md breakpoint on, the whole row below it. */
export const HalfRow = ({ children }: { children: ReactNode }) => (
  <Col xs={24} md={12}>
    {children}
  </Col>
);

type TTextFieldProps = {
  name: string;
  label: string;
  /** The contract's length limit: the input stops there and the rule says so. */
  limit: number;
  isRequired?: boolean;
  /** Shows "n / limit" under the input. */
  showCount?: boolean;
  autoComplete?: string;
};

/** A line of text of at most `limit` characters; a required one may not be blank. */
export const TextField = ({ name, label, limit, isRequired = false, showCount, autoComplete }: TTextFieldProps) => (
  <HalfRow>
    <Form.Item
      name={name}
      label={label}
      rules={[zodRule(isRequired ? zRequiredText(limit) : zOptionalText(limit))]}
      required={isRequired || undefined}
    >
      <Input maxLength={limit} showCount={showCount} autoComplete={autoComplete} />
    </Form.Item>
  </HalfRow>
);

/** `phone`, required: the kit's phone input (+996 and nine digits) checked by the contract's rule. */
export const PhoneField = ({ label }: { label: string }) => (
  <HalfRow>
    <Form.Item name="phone" label={label} rules={[zodRule(zPhone())]} required>
      <PhoneInput />
    </Form.Item>
  </HalfRow>
);

/** `email`, required, never filled in by the browser (it would offer the signed-in person's own address). */
export const EmailField = ({ label }: { label: string }) => (
  <HalfRow>
    <Form.Item name="email" label={label} rules={[zodRule(zEmail())]} required>
      <Input type="email" autoComplete="off" maxLength={LIMITS.email} />
    </Form.Item>
  </HalfRow>
);

/**
 * `status` as a switch that sends 0 when on (active) and 1 when off (docs/product/stations.md#4-states-and-rules).
 * `on` and `off` are the texts inside the switch.
 */
export const StatusSwitchField = ({ label, on, off }: { label: string; on: string; off: string }) => (
  <Form.Item
    name="status"
    label={label}
    valuePropName="checked"
    getValueProps={(status: number) => ({ checked: status === STATUS.active })}
    normalize={(checked: boolean) => (checked ? STATUS.active : STATUS.inactive)}
  >
    <Switch checkedChildren={on} unCheckedChildren={off} />
  </Form.Item>
);
