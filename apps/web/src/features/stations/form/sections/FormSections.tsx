import { Anchor, Select, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type TFormSection = { key: string; title: string };

/** The element id of a section of the station form: the anchor's and the phone select's target. */
export const sectionId = (key: string) => `station-section-${key}`;

/** A section of the station form: a heading and its fields on the form's one surface (no card inside a card). */
export const FormSection = ({
  section,
  isFirst,
  children,
}: {
  section: TFormSection;
  isFirst: boolean;
  children: ReactNode;
}) => {
  const { token } = theme.useToken();
  const headingId = `${sectionId(section.key)}-title`;
  return (
    <section
      id={sectionId(section.key)}
      aria-labelledby={headingId}
      data-testid={`section-${section.key}`}
      style={{
        // The heading clears the phone's sticky section select when scrolled to.
        scrollMarginTop: 72,
        ...(isFirst
          ? {}
          : {
              borderTop: `1px solid ${token.colorBorderSecondary}`,
              paddingTop: token.paddingLG,
              marginTop: token.marginXS,
            }),
      }}
    >
      <h2
        id={headingId}
        style={{
          margin: `0 0 ${token.marginMD}px`,
          fontSize: token.fontSizeHeading5,
          fontWeight: token.fontWeightStrong,
        }}
      >
        {section.title}
      </h2>
      {children}
    </section>
  );
};

const scrollToSection = (key: string) => {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  document.getElementById(sectionId(key))?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
};

/**
 * The sections as a sticky list of links beside the form (a wide screen). A click scrolls without touching the URL:
 * a hash change is a navigation the leave-page guard would question.
 */
export const SectionAnchor = ({ sections }: { sections: readonly TFormSection[] }) => {
  const { t } = useTranslation('stationForm');
  return (
    <nav aria-label={t('sections.navigation')} data-testid="form-sections">
      <Anchor
        offsetTop={16}
        targetOffset={24}
        onClick={(event) => {
          event.preventDefault();
        }}
        items={sections.map((section) => ({
          key: section.key,
          href: `#${sectionId(section.key)}`,
          // antd cuts a long link with an ellipsis ("Информация о стан…" at 1280 px): it wraps instead.
          title: <span style={{ whiteSpace: 'normal' }}>{section.title}</span>,
        }))}
      />
    </nav>
  );
};

/** The sections as a select that stays at the top of a phone's screen: choosing one scrolls to it. */
export const SectionSelect = ({ sections }: { sections: readonly TFormSection[] }) => {
  const { t } = useTranslation('stationForm');
  const { token } = theme.useToken();
  return (
    <nav
      aria-label={t('sections.navigation')}
      data-testid="form-sections"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 5,
        background: token.colorBgContainer,
        padding: `${token.paddingXS}px 0`,
        marginBottom: token.marginXS,
      }}
    >
      <Select
        aria-label={t('sections.goTo')}
        placeholder={t('sections.goTo')}
        style={{ width: '100%' }}
        value={null}
        options={sections.map((section) => ({ value: section.key, label: section.title }))}
        onChange={(key: string) => {
          scrollToSection(key);
        }}
      />
    </nav>
  );
};
