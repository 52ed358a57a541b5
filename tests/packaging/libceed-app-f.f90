! A Fortran code written for libCEED: include 'ceedf.h', link -lceed (tests/packaging/libceed-names.cmake).
      program libceedapp
      implicit none
      include 'ceedf.h'
      integer ceed,v,err
      real*8 norm

      call ceedinit('/cpu/self/ref/serial'//char(0),ceed,err)
      if (err /= 0) stop 2
      call ceedvectorcreate(ceed,4,v,err)
      call ceedvectorsetvalue(v,2.d0,err)
      call ceedvectornorm(v,ceed_norm_max,norm,err)
      if (err /= 0 .or. abs(norm-2.d0) > 1.d-15) stop 1
      call ceedvectordestroy(v,err)
      call ceeddestroy(ceed,err)
      print '(a)','ceedf.h and -lceed: ok'
      end
