export {};
//# sourceMappingURL=lifecycle.js.map