export {};
//# sourceMappingURL=roots.js.map