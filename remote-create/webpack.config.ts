import { createWebpackConfig } from '../webpack.config.base';

// One exposed module per page this remote owns (see @app/shared's page registry).
export default createWebpackConfig({
  name: 'remoteCreate',
  dir: __dirname,
  devPort: 3001,
  exposes: {
    './Home': './src/pages/home/home-page.tsx',
    './MyCreations': './src/pages/my-creations/my-creations-page.tsx',
    './AddVideo': './src/pages/add-video/add-video-page.tsx',
    './CreateSuccess': './src/pages/create-success/create-success-page.tsx',
    './VideoDetail': './src/pages/video-detail/video-detail-page.tsx',
  },
});
