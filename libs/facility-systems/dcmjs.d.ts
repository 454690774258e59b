// dcmjs ships no types; this package reads it through a few calls of its `data` namespace.
declare module 'dcmjs';
