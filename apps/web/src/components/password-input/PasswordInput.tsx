import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { PasswordProps } from 'antd/es/input';

/** 5px around antd's 14px eye: the 24px touch target WCAG 2.2 AA asks, the negative margin keeps the input's size. */
const EYE_STYLE = { display: 'inline-flex', padding: 5, margin: -5 } as const;

/** antd's Input.Password with an eye button large enough to hit (antd's own is 14 × 14 px). */
export const PasswordInput = (props: PasswordProps) => (
  <Input.Password
    iconRender={(isVisible) => <span style={EYE_STYLE}>{isVisible ? <EyeOutlined /> : <EyeInvisibleOutlined />}</span>}
    {...props}
  />
);
