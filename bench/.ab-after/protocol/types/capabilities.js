export {};
//# sourceMappingURL=capabilities.js.map