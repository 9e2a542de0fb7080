export { type NodeListener, toNodeListener, type WebRequestHandler } from './node-listener.js';
