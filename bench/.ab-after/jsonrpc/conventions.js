export {};
//# sourceMappingURL=conventions.js.map