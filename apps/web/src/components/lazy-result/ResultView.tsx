// antd's Result in a chunk of its own, for LazyResult.
export { Result } from 'antd';
