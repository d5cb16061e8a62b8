import { SaxesParser } from "saxes";

/*
 * XML read back as a small tree of elements, by a strict, namespace-aware parser (saxes): a
 * document that is not well-formed is refused, and nothing is fetched or expanded — a DOCTYPE
 * (the door to external entities and entity bombs) is refused before parsing.
 */

export const UBL_NS = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  creditNote: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
} as const;

export interface XmlElement {
  /** The namespace URI ("" when none). */
  ns: string;
  /** The local name. */
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (character data and CDATA), as written. */
  text: string;
}

/** XML that cannot be read: not well-formed, a DOCTYPE, or nothing at all. */
export class XmlError extends Error {
  override name = "XmlError";
}

/** True when the text declares a DOCTYPE or an entity (refused: no DTD is ever processed). */
export const hasDoctype = (text: string) => /<!(DOCTYPE|ENTITY)/i.test(text);

/** What the shape check passes over whole: comments, CDATA, processing instructions. */
const SKIPPED = [
  ["<!--", "-->"],
  ["<![CDATA[", "]]>"],
  ["<?", "?>"],
] as const;

/**
 * What a document's shape exceeds: nesting deeper than maxDepth, more than maxElements elements, a
 * tag (with its attributes) longer than maxTagChars.
 */
export type XmlShapeProblem = "depth" | "elements" | "tag" | "malformed";

/**
 * A linear look at a document's tags before any parser sees it (saxes slows with the square of the
 * depth): the first limit it exceeds, "malformed" for a tag that cannot be well-formed (unclosed,
 * a "<" inside it, more closing tags than opening ones), null when it is within both. Comments,
 * CDATA and processing instructions are skipped; the text between tags is never looked at.
 */
export function xmlShapeProblem(
  source: string,
  limits: { maxDepth: number; maxElements: number; maxTagChars?: number },
): XmlShapeProblem | null {
  const maxTag = limits.maxTagChars ?? Number.POSITIVE_INFINITY;
  const LT = 60;
  const GT = 62;
  const SLASH = 47;
  const QUOT = 34;
  const APOS = 39;
  const length = source.length;
  let depth = 0;
  let elements = 0;
  let at = source.indexOf("<");
  while (at !== -1) {
    const skip = SKIPPED.find(([open]) => source.startsWith(open, at));
    if (!skip && source.charCodeAt(at + 1) === 33) return "malformed"; // <!DOCTYPE and the like
    if (skip) {
      const [open, skipTo] = skip;
      const end = source.indexOf(skipTo, at + open.length);
      if (end === -1) return "malformed";
      at = source.indexOf("<", end + skipTo.length);
      continue;
    }
    // The tag's end: the first ">" outside a quoted attribute value.
    let quote = 0;
    let end = at + 1;
    for (; end < length; end++) {
      const code = source.charCodeAt(end);
      if (code === LT) return "malformed";
      if (quote) {
        if (code === quote) quote = 0;
      } else if (code === QUOT || code === APOS) quote = code;
      else if (code === GT) break;
    }
    if (end >= length) return "malformed";
    if (end - at > maxTag) return "tag";
    if (source.charCodeAt(at + 1) === SLASH) {
      depth -= 1;
      if (depth < 0) return "malformed";
    } else {
      elements += 1;
      if (elements > limits.maxElements) return "elements";
      if (source.charCodeAt(end - 1) !== SLASH) {
        depth += 1;
        if (depth > limits.maxDepth) return "depth";
      }
    }
    at = source.indexOf("<", end + 1);
  }
  return null;
}

/** Parses a whole XML document into its root element; XmlError for anything not well-formed. */
export function parseXml(source: string): XmlElement {
  if (hasDoctype(source)) throw new XmlError("DOCTYPE");
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on("error", (error) => {
    throw new XmlError(error.message);
  });
  parser.on("doctype", () => {
    throw new XmlError("DOCTYPE");
  });
  parser.on("opentag", (tag) => {
    const attrs: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix === "xmlns" || attribute.name === "xmlns") continue;
      attrs[attribute.local] = attribute.value;
    }
    const element: XmlElement = { ns: tag.uri, name: tag.local, attrs, children: [], text: "" };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  const addText = (text: string) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    stack.pop();
  });
  parser.write(source).close();
  if (!root) throw new XmlError("empty");
  return root;
}

type Step = `${"cbc" | "cac"}:${string}`;

function split(step: Step): [string, string] {
  const [prefix, name] = step.split(":") as ["cbc" | "cac", string];
  return [UBL_NS[prefix], name];
}

/** The children of an element with a UBL name ("cac:TaxTotal"). */
export function kids(element: XmlElement | undefined, step: Step): XmlElement[] {
  if (!element) return [];
  const [ns, name] = split(step);
  return element.children.filter((child) => child.ns === ns && child.name === name);
}

/** Every element at the end of a path of UBL names, through every branch. */
export function all(element: XmlElement | undefined, ...path: Step[]): XmlElement[] {
  let current = element ? [element] : [];
  for (const step of path) current = current.flatMap((e) => kids(e, step));
  return current;
}

/** The first element at the end of a path, if any. */
export const first = (element: XmlElement | undefined, ...path: Step[]) => all(element, ...path)[0];

/** The trimmed text of the first element at the end of a path; undefined when absent or blank. */
export function textAt(element: XmlElement | undefined, ...path: Step[]): string | undefined {
  const found = path.length ? first(element, ...path) : element;
  const text = found?.text.trim();
  return text ? text : undefined;
}
