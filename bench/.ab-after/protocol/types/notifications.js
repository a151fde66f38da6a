export {};
//# sourceMappingURL=notifications.js.map