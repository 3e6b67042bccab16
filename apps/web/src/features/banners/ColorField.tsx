import { Flex, Input, theme } from 'antd';
import { useTranslation } from 'react-i18next';

type TColorFieldProps = { value?: string; onChange?: (value: string) => void; id?: string };

/**
 * The button's colour: the browser's own colour picker beside its `#RRGGBB` text. antd's ColorPicker was tried and
 * left out: its modules regrouped the shared antd chunks so that every screen downloaded ~8 KB more.
 */
export const ColorField = ({ value = '', onChange, id }: TColorFieldProps) => {
  const { t } = useTranslation('banners');
  const { token } = theme.useToken();
  return (
    <Flex gap={8} align="center">
      <input
        type="color"
        aria-label={t('fields.buttonColorPicker')}
        value={/^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : '#000000'}
        onChange={(event) => onChange?.(event.target.value.toUpperCase())}
        style={{
          width: 40,
          height: 32,
          padding: 2,
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          background: token.colorBgContainer,
        }}
      />
      <Input id={id} value={value} maxLength={7} onChange={(event) => onChange?.(event.target.value.toUpperCase())} />
    </Flex>
  );
};
