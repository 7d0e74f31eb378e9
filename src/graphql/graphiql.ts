import { Controller, Get, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import * as path from 'path';
import { PublicRoute } from '../core/auth/auth.guard';
import { APP_CONFIG, AppConfig } from '../core/config/config';

/** GraphiQL and what it runs on, served from their npm packages: the page needs no internet access. */
const ASSETS: Record<string, { pkg: string; file: string; type: string }> = {
  'react.production.min.js': { pkg: 'react', file: 'umd/react.production.min.js', type: 'text/javascript' },
  'react-dom.production.min.js': { pkg: 'react-dom', file: 'umd/react-dom.production.min.js', type: 'text/javascript' },
  'graphiql.min.js': { pkg: 'graphiql', file: 'graphiql.min.js', type: 'text/javascript' },
  'graphiql.min.css': { pkg: 'graphiql', file: 'graphiql.min.css', type: 'text/css' },
};

/** A file of a package, found beside its package.json: the packages' exports do not name these files. */
function packageFile(pkg: string, file: string): string {
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
}
const STATIC = '/graphql/static/';

/** The page a browser gets at `/graphql/`: GraphiQL, querying as the browser's session (with its CSRF token). */
export function graphiqlPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>GraphiQL | Inventory</title>
<style>body { margin: 0; } #graphiql { height: 100vh; }</style>
<link rel="stylesheet" href="${STATIC}graphiql.min.css">
</head>
<body>
<div id="graphiql">Loading...</div>
<script src="${STATIC}react.production.min.js"></script>
<script src="${STATIC}react-dom.production.min.js"></script>
<script src="${STATIC}graphiql.min.js"></script>
<script>
  const match = document.cookie.match(/(?:^|;\\s*)csrftoken=([^;]*)/);
  // A signed-in session counts for a POST only with its CSRF token, as Django's does.
  const fetcher = GraphiQL.createFetcher({ url: location.pathname, headers: { 'X-CSRFToken': match ? decodeURIComponent(match[1]) : '' } });
  const query = new URLSearchParams(location.search).get('query') || undefined;
  const defaultQuery = '{\\n  site_list {\\n    name\\n    devices {\\n      name\\n    }\\n  }\\n}\\n';
  ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, { fetcher, query, defaultQuery }));
</script>
</body>
</html>
`;
}

/** `GET /graphql/static/<file>`: GraphiQL's scripts and style, cached by browsers for a day. */
@Controller('graphql/static')
@PublicRoute()
export class GraphiqlAssetsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get(':file')
  asset(@Param('file') file: string, @Res() res: Response): void {
    const asset = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!asset || !this.config.graphql.enabled) throw new NotFoundException();
    res.type(asset.type).setHeader('Cache-Control', 'public, max-age=86400');
    res.sendFile(packageFile(asset.pkg, asset.file));
  }
}
