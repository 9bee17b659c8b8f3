const SVG_DATA_PREFIX = "data:image/svg+xml;utf-8,";

/**
 * The auth client hands the QR code out as auth-js does, `data:image/svg+xml;utf-8,<svg …>` with the
 * markup as is. Its colours contain `#`, which a URL reads as the start of a fragment, so the markup is
 * percent-encoded before it becomes an image source.
 */
export function qrCodeSrc(qrCode: string): string {
  const markup = qrCode.startsWith(SVG_DATA_PREFIX) ? qrCode.slice(SVG_DATA_PREFIX.length) : qrCode;
  if (!markup.trimStart().startsWith("<")) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
}

/** The secret in groups of four, as authenticator apps ask for it to be typed. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
