import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg-sanitizer';

const clean = (svg: string) => {
  const result = sanitizeSvg(Buffer.from(svg));
  if (!result.ok) {
    throw new Error('expected an svg');
  }
  return result.svg;
};

const SVG_OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">';

describe('sanitizeSvg', () => {
  it('keeps a plain icon as it is drawn', () => {
    expect(
      clean(`${SVG_OPEN}<g transform="translate(1 1)"><path d="M0 0h10" stroke="#22A699" stroke-width="2"/></g></svg>`),
    ).toBe(
      '<svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><g transform="translate(1 1)"><path d="M0 0h10" stroke="#22A699" stroke-width="2"/></g></svg>',
    );
  });

  it('adds the svg namespace to a document that forgot it, so that browsers draw it', () => {
    expect(clean('<svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg>')).toBe(
      '<svg viewBox="0 0 1 1" xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    );
  });

  it('keeps local references (#id, url(#id)) and drops every other', () => {
    const svg = clean(
      `${SVG_OPEN}<defs><linearGradient id="g" xlink:href="#base"/><linearGradient id="base"/></defs>` +
        '<rect fill="url(#g)" mask="url( \'#m\' )"/><rect fill="url(data:image/svg+xml;base64,AAAA)"/>' +
        '<use href="other.svg#icon"/><use href=" #g"/><rect clip-path="url(https://evil.example/#c)"/></svg>',
    );
    expect(svg).toContain('<linearGradient id="g" href="#base"/>');
    expect(svg).toContain('<rect fill="url(#g)" mask="url( \'#m\' )"/>');
    expect(svg).toContain('<use href="#g"/>');
    expect(svg).not.toMatch(/data:|other\.svg|evil/);
  });

  it('keeps only harmless style declarations', () => {
    const svg = clean(
      `${SVG_OPEN}<path d="M0 0" style="fill: red; behavior: url(x.htc); stroke: url(http://evil.example/s); ` +
        'opacity: .5; fill: u\\72l(http://evil.example); -moz-binding: url(x.xml#a)"/></svg>',
    );
    expect(svg).toContain('style="fill: red; opacity: .5"');
  });

  it('drops namespaced and unknown attributes', () => {
    const svg = clean(
      `${SVG_OPEN}<path d="M0 0" xml:base="http://evil.example/" ev:event="click" formaction="x" data-x="1" xmlns:ev="http://www.w3.org/2001/xml-events"/></svg>`,
    );
    expect(svg).toContain('<path d="M0 0"/>');
  });

  it('refuses what is not an svg image', () => {
    expect(sanitizeSvg(Buffer.from([0xff, 0xd8, 0xff, 0xe0])).ok).toBe(false);
    expect(sanitizeSvg(Buffer.from('<html xmlns="http://www.w3.org/1999/xhtml"><svg/></html>')).ok).toBe(false);
    expect(sanitizeSvg(Buffer.from('<svg:svg xmlns:svg="http://example.com/not-svg"/>')).ok).toBe(false);
    expect(sanitizeSvg(Buffer.from('')).ok).toBe(false);
  });
});
