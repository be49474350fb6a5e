// Control characters other than tab and line breaks never belong in a name, an e-mail or a label.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const noControlChars = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value);
