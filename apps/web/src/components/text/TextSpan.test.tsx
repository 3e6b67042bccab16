import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithKit } from '@/components/test-render';
import { TextSpan } from '@/components/text/TextSpan';

test('a secondary, strong text is a span in the theme colour; code sits in a code element', () => {
  renderWithKit(
    <>
      <TextSpan tone="secondary" strong data-testid="hint">
        Hint
      </TextSpan>
      <TextSpan code>ABC-1</TextSpan>
      <TextSpan>Plain</TextSpan>
    </>,
  );
  const hint = screen.getByTestId('hint');
  expect(hint.tagName).toBe('SPAN');
  expect(hint.style.color).not.toBe('');
  expect(hint.style.fontWeight).toBe('600');
  expect(screen.getByText('ABC-1').tagName).toBe('CODE');
  expect(screen.getByText('Plain').style.color).toBe('');
});
