import { renderSVG } from 'uqr';

/** The otpauth URI as a QR code, an SVG in a data: URI: drawn on the server, no script, allowed by img-src data:. */
export const qrDataUri = (uri: string): string => `data:image/svg+xml;base64,${Buffer.from(renderSVG(uri)).toString('base64')}`;
