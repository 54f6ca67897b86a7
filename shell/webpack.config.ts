import { createWebpackConfig } from '../webpack.config.base';

export default createWebpackConfig({
  name: 'shell',
  dir: __dirname,
  devPort: 3000,
  html: { title: 'AI视频生成工具', template: './src/index.html' },
  serviceWorker: './src/sw.ts',
});
