'use strict';

// autocannon setupRequest (loaded by path inside its worker thread): a fresh X-CLI-RID for every request,
// so every order creation is a new order rather than an idempotent replay.
const { randomUUID } = require('node:crypto');

module.exports = function setupRequest(request) {
  return { ...request, headers: { ...request.headers, 'x-cli-rid': randomUUID() } };
};
