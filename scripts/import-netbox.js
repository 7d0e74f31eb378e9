#!/usr/bin/env node
// `npm run import-netbox -- SOURCE`: builds when needed, then brings a NetBox's data into this service's database.
const path = require('path');
const { buildIfNeeded } = require('./start.js');

buildIfNeeded();
require(path.resolve(__dirname, '..', 'dist', 'src', 'import-netbox.js')).cli(process.argv.slice(2));
