/** Response shape of POST /api/admin/upload (api-contract.md). */
import { z } from 'zod';

export const uploadedImageSchema = z.object({
  /** The normalised original (the widest file). */
  url: z.string().min(1),
  width: z.number(),
  height: z.number(),
  /** Every stored width, narrowest first, the original included (a ready srcset). */
  variants: z.array(z.object({ width: z.number(), url: z.string() })),
});

export type UploadedImage = z.infer<typeof uploadedImageSchema>;
