import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';

type TPhonePreviewProps = {
  /** The image's URL (stored, or the chosen file's local preview). */
  image: string | undefined;
  /** Its accessible description. */
  name: string;
};

/** The iPhone screen's shape (9:19.5) inside a bezel, with the notch and the home bar drawn over the image. */
export const PhonePreview = ({ image, name }: TPhonePreviewProps) => {
  const { t } = useTranslation('banners');
  // The screen without an image in the page's own background: its grey hint stays readable, light or dark.
  const { token } = theme.useToken();
  return (
    <figure style={{ margin: 0 }}>
      <div
        style={{
          width: 196,
          padding: 8,
          borderRadius: 36,
          background: '#1f1f1f',
          boxShadow: '0 8px 24px rgba(0, 0, 0, 0.18)',
        }}
      >
        <div
          style={{
            position: 'relative',
            aspectRatio: '9 / 19.5',
            borderRadius: 28,
            overflow: 'hidden',
            background: token.colorBgLayout,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {image ? (
            <img src={image} alt={name} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <TextSpan tone="secondary" style={{ padding: 16, textAlign: 'center', fontSize: 12 }}>
              {t('form.previewEmpty')}
            </TextSpan>
          )}
          <span
            aria-hidden
            style={{
              position: 'absolute',
              top: 8,
              left: '50%',
              transform: 'translateX(-50%)',
              width: 64,
              height: 18,
              borderRadius: 9,
              background: '#1f1f1f',
            }}
          />
          <span
            aria-hidden
            style={{
              position: 'absolute',
              bottom: 6,
              left: '50%',
              transform: 'translateX(-50%)',
              width: 72,
              height: 4,
              borderRadius: 2,
              background: 'rgba(255, 255, 255, 0.85)',
            }}
          />
        </div>
      </div>
      <figcaption style={{ marginTop: 8 }}>
        <TextSpan tone="secondary">{t('form.preview')}</TextSpan>
      </figcaption>
    </figure>
  );
};

type TBannerPreviewProps = TPhonePreviewProps & { buttonName: string; buttonColor: string };

const channel = (hex: string, start: number) => {
  const value = parseInt(hex.slice(start, start + 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};

/** Black or white, whichever reads better on the button's colour (WCAG relative luminance). */
export const readableTextColour = (background: string): '#000000' | '#ffffff' => {
  if (!/^#[0-9a-fA-F]{6}$/.test(background)) {
    return '#ffffff';
  }
  const luminance = 0.2126 * channel(background, 1) + 0.7152 * channel(background, 3) + 0.0722 * channel(background, 5);
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05): equal at L ≈ 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
};

/** A banner as the app's carousel shows it: the image with its button. */
export const BannerPreview = ({ image, name, buttonName, buttonColor }: TBannerPreviewProps) => {
  const { t } = useTranslation('banners');
  const { token } = theme.useToken();
  return (
    <figure style={{ margin: 0, width: 320 }}>
      <div
        style={{
          position: 'relative',
          aspectRatio: '2 / 1',
          borderRadius: 12,
          overflow: 'hidden',
          background: token.colorBgLayout,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {image ? (
          <img src={image} alt={name} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <TextSpan tone="secondary" style={{ padding: 16, fontSize: 12 }}>
            {t('form.previewEmpty')}
          </TextSpan>
        )}
        {buttonName ? (
          <span
            style={{
              position: 'absolute',
              left: 12,
              bottom: 12,
              padding: '4px 12px',
              borderRadius: 16,
              background: buttonColor,
              color: readableTextColour(buttonColor),
              fontWeight: 600,
              fontSize: 13,
              maxWidth: '70%',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {buttonName}
          </span>
        ) : null}
      </div>
      <figcaption style={{ marginTop: 8 }}>
        <TextSpan tone="secondary">{t('form.preview')}</TextSpan>
      </figcaption>
    </figure>
  );
};
