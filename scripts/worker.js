#!/usr/bin/env node
// `npm run worker`: builds when needed, then runs a job worker (REDIS_URL required).
const path = require('path');
const { buildIfNeeded } = require('./start.js');

buildIfNeeded();
require(path.resolve(__dirname, '..', 'dist', 'src', 'worker.js'));
