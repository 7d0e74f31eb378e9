import { All, Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { promises as fs } from 'fs';
import { PublicRoute } from '../../core/auth/auth.guard';
import { ApiError, NotFoundError } from '../../core/http/errors';
import { Allow } from '../../core/http/allow';
import { sniffImageType } from './images';
import { MediaStore } from './media-store';

const MEDIA_METHODS = 'GET, HEAD';

/** The stored file's first bytes: enough to tell its image type. */
async function headOf(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Uploaded files at `/media/<path>`, read-only, as NetBox serves MEDIA_ROOT: open to anyone unless LOGIN_REQUIRED,
 * then to any signed-in user (a token or a session). Files only: no directory is listed, no path leaves MEDIA_ROOT.
 */
@Controller('media')
@PublicRoute()
export class MediaController {
  constructor(private readonly media: MediaStore) {}

  @Get('*')
  @Allow(MEDIA_METHODS)
  async serve(@Req() req: Request, @Res() res: Response): Promise<void> {
    let relative: string;
    try {
      relative = req.path.slice('/media/'.length).split('/').map(decodeURIComponent).join('/');
    } catch {
      throw new NotFoundError();
    }
    // A segment that decodes to a slash would name another path than the one asked for.
    if (req.path.slice('/media/'.length).split('/').length !== relative.split('/').length) throw new NotFoundError();
    const file = await this.media.file(relative);
    if (!file) throw new NotFoundError();
    // The type the bytes are, whatever the name ends with (NetBox names a file after its attachment, extension or not).
    const type = sniffImageType(await headOf(file.path));
    if (type) res.type(type);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    await new Promise<void>((resolve, reject) =>
      res.sendFile(file.path, { dotfiles: 'allow', etag: false, lastModified: true }, (e) => (e && !res.headersSent ? reject(new NotFoundError()) : resolve())),
    );
  }

  @All('*')
  @Allow(MEDIA_METHODS)
  notAllowed(@Req() req: Request): never {
    throw new ApiError(405, { detail: `Method "${req.method}" not allowed.` });
  }
}
