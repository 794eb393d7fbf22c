package auth

// HashAnswer lets tests plant a captcha answer they know.
var HashAnswer = hashAnswer
