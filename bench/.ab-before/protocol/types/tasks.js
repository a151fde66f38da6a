export {};
//# sourceMappingURL=tasks.js.map