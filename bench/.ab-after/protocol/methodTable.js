export {};
//# sourceMappingURL=methodTable.js.map