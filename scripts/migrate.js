#!/usr/bin/env node
// `npm run migrate`: builds when needed, then applies pending migrations and exits.
const path = require('path');
const { buildIfNeeded } = require('./start.js');

buildIfNeeded();
require(path.resolve(__dirname, '..', 'dist', 'src', 'migrate.js'));
