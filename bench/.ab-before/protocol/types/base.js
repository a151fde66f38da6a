export {};
//# sourceMappingURL=base.js.map