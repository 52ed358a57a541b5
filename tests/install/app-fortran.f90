! A Fortran application using the INSTALLED ceedrt (ceed/fortran.h from the package's include directory,
! the Fortran entry points from libceedrt): a vector's norms and a Gauss rule on the resource given as the
! first argument.
      program installapp
      implicit none
      include 'ceed/fortran.h'
      integer ceed,v,err
      real*8 norm,qref(3),qweight(3)
      character(len=256) resource

      call get_command_argument(1,resource)
      call ceedinit(trim(resource)//char(0),ceed,err)
      if (err /= 0) stop 2
      call ceedvectorcreate(ceed,16,v,err)
      call ceedvectorsetvalue(v,0.5d0,err)
      call ceedvectornorm(v,ceed_norm_1,norm,err)
      if (abs(norm-8.d0) > 1.d-14) stop 1
      call ceedgaussquadrature(3,qref,qweight,err)
      if (abs(qref(3)-sqrt(0.6d0)) > 1.d-15 .or. abs(qweight(2)-8.d0/9.d0) > 1.d-15) stop 1
      call ceedvectordestroy(v,err)
      call ceeddestroy(ceed,err)
      if (err /= 0 .or. v /= ceed_null) stop 1
      print '(a)','installed ceedrt Fortran interface: ok'
      end
