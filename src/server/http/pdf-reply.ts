import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** A document the server made: its bytes and the file name it is saved under. */
export interface PdfDocument {
  pdf: Buffer;
  filename: string;
}

/** How a PDF route's 200 is described in the OpenAPI document. */
export function pdfResponse(description: string) {
  return {
    description,
    content: {
      'application/pdf': { schema: z.string().meta({ format: 'binary', example: '%PDF-1.3 …' }) },
    },
  };
}

/**
 * A PDF answer, sent as bytes (no serializer runs on a Buffer). `inline` opens in the browser's
 * viewer, for what is printed at once (labels, hand-over sheets); `attachment` saves it, for
 * what is kept (invoices, statements).
 */
export function sendPdf(
  reply: FastifyReply,
  { pdf, filename }: PdfDocument,
  disposition: 'inline' | 'attachment',
) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${filename}"`)
    .send(pdf);
}
