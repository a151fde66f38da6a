export {};
//# sourceMappingURL=tools.js.map