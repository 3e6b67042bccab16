import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { observePermissionChecks, PermissionsProvider, useCan } from '@/components/permissions/permissions';
import {
  dropPrerender,
  PERMISSIONS_KEY,
  PRERENDER_ID,
  PRERENDER_STYLE_ID,
  rememberPermissions,
  useDropPrerender,
} from '@/lib/prerender';

const showFrame = () => {
  document.head.insertAdjacentHTML('beforeend', `<style id="${PRERENDER_STYLE_ID}">.a{}</style>`);
  document.body.insertAdjacentHTML('beforeend', `<div id="${PRERENDER_ID}"><main>frame</main></div>`);
};

afterEach(() => {
  document.getElementById(PRERENDER_ID)?.remove();
  document.getElementById(PRERENDER_STYLE_ID)?.remove();
  observePermissionChecks(undefined);
});

const Screen = () => {
  useDropPrerender();
  return <p>screen</p>;
};

describe('the prerendered frame', () => {
  it('goes, with its styles, once the app draws a screen of its own', () => {
    showFrame();
    const { getByText } = render(<Screen />);
    expect(getByText('screen')).toBeTruthy();
    expect(document.getElementById(PRERENDER_ID)).toBeNull();
    expect(document.getElementById(PRERENDER_STYLE_ID)).toBeNull();
  });

  it("is gone before the screen's layout effects measure it: they lay out the app alone", () => {
    showFrame();
    let isFrameThere: boolean | undefined;
    const Measuring = () => {
      useLayoutEffect(() => {
        isFrameThere = document.getElementById(PRERENDER_ID) !== null;
      }, []);
      return <p>table</p>;
    };
    // The layout drops the frame; its screen, a child, runs its layout effects first.
    const Layout = () => {
      useDropPrerender();
      return <Measuring />;
    };
    render(<Layout />);
    expect(isFrameThere).toBe(false);
  });

  it('is dropped harmlessly on a page without one', () => {
    expect(() => dropPrerender()).not.toThrow();
  });

  it("keeps the account's permissions for the next page's frame", () => {
    rememberPermissions(['merchants.view', 'rates.view']);
    expect(localStorage.getItem(PERMISSIONS_KEY)).toBe('merchants.view rates.view');
  });

  it('learns, at build time, which permissions a render asked about', () => {
    const asked: string[] = [];
    observePermissionChecks((permission) => asked.push(permission));
    const Buttons = () => <p>{useCan('merchants.edit') ? 'edit' : 'read'}</p>;
    const { getByText } = render(
      <PermissionsProvider permissions={['merchants.view']}>
        <Buttons />
      </PermissionsProvider>,
    );
    expect(getByText('read')).toBeTruthy();
    expect(asked).toContain('merchants.edit');
  });
});
