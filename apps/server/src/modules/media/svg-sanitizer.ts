import { createRequire } from 'node:module';
import type { Document, Element, Node } from '@xmldom/xmldom';

/**
 * xmldom (CommonJS) is read with the first svg, not at the server's start: only an uploaded icon needs it
 * (docs/benchmarks.md, section 2).
 */
let xmldom: typeof import('@xmldom/xmldom') | undefined;
const loadXmldom = () =>
  (xmldom ??= createRequire(import.meta.url)('@xmldom/xmldom') as typeof import('@xmldom/xmldom'));

const SVG_NS = 'http://www.w3.org/2000/svg';
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/**
 * Elements an icon may use. Everything else goes, with its whole subtree: script, style (CSS can @import and load
 * url()s), foreignObject (HTML), image/feImage (external files), a (javascript: links), animate/set (can rewrite an
 * href at run time), iframe/embed/object.
 */
// prettier-ignore
const ALLOWED_ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'marker',
]);

/** Elements whose text content is part of the picture; text anywhere else is only whitespace. */
const TEXT_ELEMENTS = new Set(['text', 'tspan', 'textPath', 'title', 'desc']);

/** Geometry and presentation attributes. No on* handler, no xml:base, no external reference is on the list. */
// prettier-ignore
const ALLOWED_ATTRIBUTES = new Set([
  'id', 'class', 'version', 'role', 'aria-label', 'aria-hidden', 'focusable',
  'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'dx', 'dy',
  'width', 'height', 'viewBox', 'preserveAspectRatio', 'd', 'points', 'pathLength', 'transform',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity',
  'color', 'display', 'visibility', 'overflow', 'clip-path', 'clip-rule', 'mask', 'vector-effect', 'shape-rendering',
  'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing',
  'rotate', 'textLength', 'lengthAdjust', 'startOffset',
  'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod',
  'patternUnits', 'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY', 'orient', 'marker-start', 'marker-mid', 'marker-end',
  'style',
]);

/** CSS properties a `style` attribute may set: the presentation attributes above, nothing that loads anything. */
// prettier-ignore
const ALLOWED_STYLE_PROPERTIES = new Set([
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color', 'display',
  'visibility', 'clip-rule', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor',
  'dominant-baseline', 'letter-spacing', 'stop-color', 'stop-opacity', 'vector-effect', 'shape-rendering',
]);

/** Only references inside the same document: `#id`. */
const isLocalReference = (value: string) => /^#[A-Za-z_][\w.:-]*$/.test(value.trim());

/** `url(#id)` points inside the document; any other url(...) (http:, data:, another file) is refused. */
const hasOnlyLocalUrls = (value: string) => {
  const urls = value.match(/url\s*\(([^)]*)\)?/gi) ?? [];
  return urls.every((url) => /^url\s*\(\s*['"]?#[\w.:-]+['"]?\s*\)$/i.test(url));
};

/** Escapes, comments and scheme-like text in a value are how filters get bypassed; none of them is needed in an icon. */
const isSuspicious = (value: string) => /[\\<>]|\/\*|javascript:|expression\s*\(|@import/i.test(value);

const sanitizeStyle = (style: string): string =>
  style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon <= 0) {
        return false;
      }
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1);
      return ALLOWED_STYLE_PROPERTIES.has(property) && hasOnlyLocalUrls(value) && !isSuspicious(value);
    })
    .join('; ');

const copyAttributes = (source: Element, target: Element) => {
  for (let index = 0; index < source.attributes.length; index += 1) {
    const attribute = source.attributes.item(index);
    if (!attribute) {
      continue;
    }
    const value = attribute.value;
    const isHref =
      attribute.localName === 'href' && (attribute.namespaceURI === null || attribute.namespaceURI === XLINK_NS);
    if (isHref) {
      // SVG 2 reads a plain href; xlink:href="#id" becomes href="#id" so no xlink namespace is needed.
      if (
        isLocalReference(value) &&
        ['use', 'textPath', 'linearGradient', 'radialGradient', 'pattern'].includes(source.localName ?? '')
      ) {
        target.setAttribute('href', value.trim());
      }
      continue;
    }
    if (attribute.namespaceURI !== null || !ALLOWED_ATTRIBUTES.has(attribute.name)) {
      continue;
    }
    if (attribute.name === 'style') {
      const style = sanitizeStyle(value);
      if (style) {
        target.setAttribute('style', style);
      }
      continue;
    }
    if (hasOnlyLocalUrls(value) && !isSuspicious(value)) {
      target.setAttribute(attribute.name, value);
    }
  }
};

const isSvgElement = (node: Node): node is Element =>
  node.nodeType === ELEMENT_NODE &&
  ((node as Element).namespaceURI === SVG_NS || (node as Element).namespaceURI === null);

const copyChildren = (document: Document, source: Element, target: Element) => {
  for (let child = source.firstChild; child; child = child.nextSibling) {
    if (isSvgElement(child) && ALLOWED_ELEMENTS.has(child.localName ?? '') && child.localName !== 'svg') {
      const copy = document.createElementNS(SVG_NS, child.localName ?? 'g');
      copyAttributes(child, copy);
      copyChildren(document, child, copy);
      target.appendChild(copy);
    } else if (
      (child.nodeType === TEXT_NODE || child.nodeType === CDATA_SECTION_NODE) &&
      TEXT_ELEMENTS.has(source.localName ?? '')
    ) {
      target.appendChild(document.createTextNode(child.nodeValue ?? ''));
    }
    // Comments, processing instructions, <!DOCTYPE>, nested <svg> and everything not allowed are left out.
  }
};

export type TSvgResult = { ok: true; svg: string } | { ok: false };

/**
 * Parses the bytes as an SVG document and rebuilds it from allowed elements and attributes only, so that whatever the
 * parser accepted, nothing executable or external reaches the stored file. Not UTF-8, not well-formed XML, an
 * undeclared entity or a root other than <svg> means the file is not an SVG image (a PNG renamed .svg included).
 */
export const sanitizeSvg = (bytes: Buffer): TSvgResult => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false };
  }
  const { DOMImplementation, DOMParser, XMLSerializer } = loadXmldom();
  let root: Element | null;
  try {
    const parsed = new DOMParser({
      onError: (level, message) => {
        // xmldom only logs plain errors (an unknown entity among them); an icon must be clean XML.
        if (level !== 'warning') {
          throw new Error(message);
        }
      },
    }).parseFromString(text, 'image/svg+xml');
    root = parsed.documentElement;
  } catch {
    return { ok: false };
  }
  if (!root || root.localName !== 'svg' || !(root.namespaceURI === SVG_NS || root.namespaceURI === null)) {
    return { ok: false };
  }
  const clean = new DOMImplementation().createDocument(SVG_NS, 'svg', null);
  const cleanRoot = clean.documentElement;
  if (!cleanRoot) {
    return { ok: false };
  }
  copyAttributes(root, cleanRoot);
  copyChildren(clean, root, cleanRoot);
  return { ok: true, svg: new XMLSerializer().serializeToString(clean) };
};
